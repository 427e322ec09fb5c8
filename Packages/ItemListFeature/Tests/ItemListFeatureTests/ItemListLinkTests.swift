import CoreRouting
import Testing

@testable import ItemListFeature

/// The list's link segment, `items/3`: a position read from a link or a saved session, which
/// an attacker may write; it is range-checked where it is read.
@Suite("ItemList links")
struct ItemListLinkTests {
  @Test("a position opens that item's detail")
  func opensPosition() throws {
    var state = ItemList.State(items: [milk, eggs])
    try ItemList.open(LinkSegment("2"), in: &state)
    #expect(state.destination == .detail(ItemDetail.State(item: eggs)))
  }

  @Test(
    "zero, a negative number or Int.min is no position: refused, never a crash",
    arguments: ["0", "-1", "-9223372036854775808"])
  func notAPosition(name: String) {
    var state = ItemList.State(items: [milk, eggs])
    #expect(throws: NavigationLinkError.cannotOpen("Items", name, ItemList.linkChoices)) {
      try ItemList.open(LinkSegment(name), in: &state)
    }
    #expect(state.destination == nil)
  }

  @Test(
    "a position past the end, up to Int.max, is gone, with the list's size",
    arguments: ["3", "9223372036854775807"])
  func pastTheEnd(name: String) {
    var state = ItemList.State(items: [milk, eggs])
    #expect(throws: NavigationLinkError.gone("There is no item \(name); the list has 2 items.")) {
      try ItemList.open(LinkSegment(name), in: &state)
    }
    #expect(state.destination == nil)
  }
}
