import CoreDependencies
import Foundation

extension IdentifiedArray {
  /// Removes the elements at `offsets`, as SwiftUI's `onDelete` hands them (TCA's
  /// `remove(atOffsets:)`).
  public mutating func remove(atOffsets offsets: IndexSet) {
    for index in offsets.reversed() {
      remove(at: index)
    }
  }

  /// Moves the elements at `source` to before `destination`, as SwiftUI's `onMove` hands them.
  public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
    move(fromOffsets: Array(source), toOffset: destination)
  }
}

extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as an array, in order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for element in self {
      try container.encode(element)
    }
  }
}

extension IdentifiedArray: Decodable where Element: Decodable {
  /// Decodes an array; an id that comes twice is an error naming its offset, never a silent
  /// loss.
  public init(from decoder: any Decoder) throws {
    self.init()
    var container = try decoder.unkeyedContainer()
    while !container.isAtEnd {
      let offset = container.currentIndex
      let element = try container.decode(Element.self)
      guard append(element) else {
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription:
            "Duplicate element at offset \(offset): the id \(element.id) came before")
      }
    }
  }
}
