import CoreStore
import Foundation
import Testing

/// `Identified`, as swift-identified-collections has it and TCA's case studies use it: a value
/// that is not `Identifiable` in an `IdentifiedArray`, its properties reached through it.
@Suite("Identified")
struct IdentifiedTests {
  struct Counter: Equatable, Hashable, Codable, Sendable {
    var count = 0
  }

  @Test("its id comes from a value, a key path or a function; its properties read and write")
  func initialisersAndMembers() {
    let uuid = UUID(0)
    #expect(Identified(uuid, id: \.self).id == uuid)
    #expect(Identified(Counter(count: 3), id: { $0.count * 2 }).id == 6)
    var row = Identified(Counter(), id: 1)
    row.count += 1
    #expect(row.value == Counter(count: 1))
    #expect(row.count == 1)
  }

  @Test("in an IdentifiedArray, by its id")
  func inIdentifiedArray() {
    var rows: IdentifiedArrayOf<Identified<Int, Counter>> = [
      Identified(Counter(), id: 1), Identified(Counter(count: 5), id: 2),
    ]
    rows[id: 2]?.count += 1
    #expect(rows[id: 2]?.count == 6)
    #expect(rows.ids == [1, 2])
  }

  @Test("Equatable and Hashable where the value is, and Codable round trips")
  func conformances() throws {
    let a = Identified(Counter(count: 1), id: "a")
    #expect(a == Identified(Counter(count: 1), id: "a"))
    #expect(a != Identified(Counter(count: 2), id: "a"))
    #expect(a != Identified(Counter(count: 1), id: "b"))
    #expect(Set([a, a]).count == 1)
    let data = try JSONEncoder().encode(a)
    #expect(try JSONDecoder().decode(Identified<String, Counter>.self, from: data) == a)
  }
}
