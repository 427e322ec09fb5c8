import CoreDependencies
import CoreRouting
import CoreStore
import CoreTesting
import Foundation
import ItemsClient
import Testing

@testable import ItemListFeature

/// An item's detail opens Hoge, a screen of another module, from two levels below the App's
/// router (router › list › detail): it asks with `@Dependency(\.navigate)` in terms of the
/// list's `Route`, and no action of the list relays it.
@MainActor
@Suite("ItemDetail asks for Hoge from its depth")
struct ItemDetailNavigationTests {
  @Test("the detail alone asks for Hoge with the item's name")
  func detailAsks() async {
    let store = TestStore(initialState: ItemDetail.State(item: milk)) { ItemDetail() }
    await store.send(.hogeTapped)
    await store.receiveNavigation(.push(ItemList.Route.hoge(name: "Milk")))
    await store.finish()
  }

  @Test("the name asked for is the item's as the shared items hold it now")
  func nameFollowsTheSharedItem() async {
    var renamed = milk
    renamed.name = "Oat milk"
    // Another screen renamed the item after the detail opened on it.
    @Shared(.items) var items = IdentifiedArrayOf<Item>?.of([renamed, eggs])
    let store = TestStore(initialState: ItemDetail.State(item: milk)) { ItemDetail() }
    await store.send(.hogeTapped)
    await store.receiveNavigation(.push(ItemList.Route.hoge(name: "Oat milk")))
    await store.finish()
  }

  @Test("inside the list, the request reaches the list's store unchanged: nothing relays it")
  func listRelaysNothing() async {
    let store = TestStore(initialState: ItemList.State(items: [milk, eggs])) { ItemList() }
    await store.send(.openTapped(position: 2)) {
      $0.destination = .detail(ItemDetail.State(item: eggs))
    }
    // No action of the list follows: the request is the only thing that happens.
    await store.send(.destination(.presented(.detail(.hogeTapped))))
    await store.receiveNavigation(.push(ItemList.Route.hoge(name: "Eggs")))
    #expect(store.state.destination == .detail(ItemDetail.State(item: eggs)))
    await store.finish()
  }

  @Test("a request left unasserted, or asserted as another, fails the test")
  func unassertedOrWrongRequestFails() async {
    let store = TestStore(initialState: ItemDetail.State(item: milk)) { ItemDetail() }
    await store.send(.hogeTapped)
    await withKnownIssue {
      await store.receiveNavigation(.push(ItemList.Route.hoge(name: "Eggs")))
    }
    await store.send(.hogeTapped)
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Must assert 1 navigation request(s)") }
    }
  }
}
