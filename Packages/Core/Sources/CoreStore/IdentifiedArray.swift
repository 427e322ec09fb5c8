import CoreDependencies

/// An ordered collection of elements with unique ids: positions like an array, lookup by id in
/// constant time like a dictionary. The state of a list of child features.
///
/// Elements are `Identifiable`; TCA also lets a key path name the id, which Core leaves out.
///
/// ```swift
/// struct State: Equatable {
///   var rows: IdentifiedArrayOf<RowFeature.State> = []
/// }
/// state.rows[id: row.id]?.isChecked = true
/// state.rows.remove(id: row.id)
/// ```
public struct IdentifiedArray<ID: Hashable & Sendable, Element: Identifiable>
where Element.ID == ID {
  /// The ids, in order.
  public private(set) var ids: [ID] = []
  private var storage: [ID: Element] = [:]

  /// An empty array.
  public init() {}

  /// An array of `elements`. An element whose id came earlier is left out and reported: ids
  /// must be unique.
  public init(uniqueElements elements: some Sequence<Element>) {
    // Room for all of them at once: growing a million-entry dictionary step by step rehashes
    // it about twenty times.
    ids.reserveCapacity(elements.underestimatedCount)
    storage.reserveCapacity(elements.underestimatedCount)
    for element in elements where !append(element) {
      reportIssue(
        "IdentifiedArray(uniqueElements:) was given the id \(element.id) twice; "
          + "the later element was left out")
    }
  }

  private func id(_ element: Element) -> ID { element.id }

  /// The element with this id, or nil. Setting an element appends it when its id is new and
  /// replaces it in place otherwise; setting nil removes it.
  public subscript(id id: ID) -> Element? {
    get { storage[id] }
    set {
      guard let newValue else {
        remove(id: id)
        return
      }
      if storage.updateValue(newValue, forKey: id) == nil {
        ids.append(id)
      }
    }
  }

  /// Runs `body` on the element with this id, in place. Returns nil when it is not there.
  public mutating func modify<Result>(
    id: ID, _ body: (inout Element) throws -> Result
  ) rethrows -> Result? {
    guard var element = storage.removeValue(forKey: id) else { return nil }
    defer { storage[id] = element }
    return try body(&element)
  }

  /// The elements, in order.
  public var elements: [Element] {
    ids.map { storage[$0]! }
  }

  /// Appends each element whose id is not there yet.
  public mutating func append(contentsOf newElements: some Sequence<Element>) {
    for element in newElements {
      append(element)
    }
  }

  /// Replaces the element with the same id in place, or appends it. Returns the element it
  /// replaced, if any.
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    let replaced = storage[element.id]
    self[id: element.id] = element
    return replaced
  }

  /// Whether an element with this id is in the array.
  public func contains(id: ID) -> Bool {
    storage[id] != nil
  }

  /// The position of the element with this id, or nil.
  public func index(id: ID) -> Int? {
    storage[id] == nil ? nil : ids.firstIndex(of: id)
  }

  /// Appends `element` unless its id is already there. Returns whether it was appended.
  @discardableResult
  public mutating func append(_ element: Element) -> Bool {
    let elementID = id(element)
    // One lookup for a new id; a repeated one puts the earlier element back.
    if let earlier = storage.updateValue(element, forKey: elementID) {
      storage[elementID] = earlier
      return false
    }
    ids.append(elementID)
    return true
  }

  /// Inserts `element` at `index` unless its id is already there. Returns whether it was
  /// inserted.
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> Bool {
    let elementID = id(element)
    guard storage[elementID] == nil else { return false }
    ids.insert(elementID, at: index)
    storage[elementID] = element
    return true
  }

  /// Removes the element with this id and returns it, or nil when there is none.
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    guard let element = storage.removeValue(forKey: id) else { return nil }
    ids.removeAll { $0 == id }
    return element
  }

  /// Removes the element at `index` and returns it.
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    let removed = ids.remove(at: index)
    return storage.removeValue(forKey: removed)!
  }

  /// Removes every element that matches `shouldBeRemoved`.
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var kept: [ID] = []
    for elementID in ids {
      guard let element = storage[elementID] else { continue }
      if try shouldBeRemoved(element) {
        storage[elementID] = nil
      } else {
        kept.append(elementID)
      }
    }
    ids = kept
  }

  /// Removes every element.
  public mutating func removeAll() {
    ids.removeAll()
    storage.removeAll()
  }

  /// Moves the elements at `source` to before `destination`, as `Array.move` does in SwiftUI.
  public mutating func move(fromOffsets source: [Int], toOffset destination: Int) {
    let moving = source.sorted().map { ids[$0] }
    let before = ids[..<destination].filter { !moving.contains($0) }
    let after = ids[destination...].filter { !moving.contains($0) }
    ids = before + moving + after
  }

  /// Sorts the elements in place.
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    ids = try ids.sorted { try areInIncreasingOrder(storage[$0]!, storage[$1]!) }
  }
}

/// An identified array of `Identifiable` elements: `IdentifiedArrayOf<Item>`.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>
where Element.ID: Sendable

extension IdentifiedArray: RandomAccessCollection, MutableCollection {
  /// The first position.
  public var startIndex: Int { ids.startIndex }
  /// One past the last position.
  public var endIndex: Int { ids.endIndex }

  /// The element at a position. Setting it keeps the position's id: an element whose id
  /// differs is a programming error, reported and ignored.
  public subscript(position: Int) -> Element {
    get { storage[ids[position]]! }
    set {
      let elementID = ids[position]
      guard id(newValue) == elementID else {
        reportIssue(
          "IdentifiedArray[\(position)] was set to an element with another id "
            + "(\(id(newValue)) instead of \(elementID)); use [id:] to add or replace")
        return
      }
      storage[elementID] = newValue
    }
  }
}

extension IdentifiedArray: RangeReplaceableCollection {
  /// Replaces the elements in `subrange` with `newElements`, in order; an element whose id is
  /// already in the array (after the replaced ones are gone) is left out and reported, as in
  /// ``init(uniqueElements:)``. What `removeLast`, `removeFirst`, `insert(contentsOf:at:)` and
  /// the rest of `RangeReplaceableCollection` are built on.
  public mutating func replaceSubrange(
    _ subrange: Range<Int>, with newElements: some Collection<Element>
  ) {
    for removed in ids[subrange] {
      storage[removed] = nil
    }
    var inserted: [ID] = []
    for element in newElements {
      let elementID = element.id
      guard storage[elementID] == nil else {
        reportIssue(
          "IdentifiedArray was given the id \(elementID) twice; the later element was left out")
        continue
      }
      storage[elementID] = element
      inserted.append(elementID)
    }
    ids.replaceSubrange(subrange, with: inserted)
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
  /// An array of these elements; a repeated id is left out and reported.
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Same ids in the same order, same elements.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.ids == rhs.ids && lhs.storage == rhs.storage
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements in order.
  public func hash(into hasher: inout Hasher) {
    for element in self {
      hasher.combine(element)
    }
  }
}

extension IdentifiedArray: Sendable where Element: Sendable {}

extension IdentifiedArray: CustomReflectable {
  /// Shows the elements in order, as an array does.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
  }
}
