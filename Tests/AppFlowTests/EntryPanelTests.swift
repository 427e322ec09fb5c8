import AppFeature
import CoreDependencies
import CoreStore
import CoreTesting
import EntryFeature
import Foundation
import ItemListFeature
import ItemsClient
import NavigationLogClient
import Testing

/// The panel Entry shows, which the App holds beside the router (`AppReducer`,
/// EntryPanel.swift): loaded when the app appears, one shared value with the list's items.
@MainActor
@Suite("Entry's panel beside the router", .standsOn(Entry.self, ItemList.self))
struct EntryPanelTests {
  @Test("the app's onAppear loads the shared items for Entry's panel")
  func panelLoadsOnAppear() async {
    let store = TestStore(initialState: AppReducer.State()) {
      AppReducer()
    } withDependencies: {
      $0.items = .inMemory(Item.samples)
    }
    await store.send(.onAppear)
    await store.receive(.panel(.onAppear))
    await store.receive(.router(.onAppear))
    await store.receive(.router(.gate(.onAppear))) { $0.router.stage.gate?.hasAppeared = true }
    await store.receive(.panel(.loaded(Item.samples))) {
      $0.panel.$items.withLock { $0 = IdentifiedArray(uniqueElements: Item.samples) }
    }
  }

  @Test("an item added on the list is in Entry's panel at once: one shared value, no refresh")
  func panelFollowsAddedItems() async throws {
    let store = TestStore(initialState: AppReducer.State(router: .signedIn("Ann"))) {
      AppReducer()
    } withDependencies: {
      $0.items = .inMemory([Item(id: UUID(counting: 1), name: "Tea")])
      $0.navigationLog = NavigationLogClient { _ in }
      $0.uuid = .incrementing
    }
    store.exhaustivity = .off
    await store.send(.onAppear)
    await store.finish()
    #expect(store.state.panel.items?.count == 1)
    await store.send(.router(.tab(.entry, .root(.entry(.itemsTapped)))))
    await store.finish()
    // The list shows the items the panel loaded: showing it read nothing again.
    #expect(store.state.router[.items].root.items?.items?.map(\.name) == ["Tea"])
    await store.send(.router(.tab(.items, .root(.items(.addTapped(name: "Milk"))))))
    await store.send(
      .router(.tab(.items, .root(.items(.destination(.presented(.add(.saveTapped))))))))
    await store.finish()
    #expect(store.state.router[.items].root.items?.items?.map(\.name) == ["Tea", "Milk"])
    #expect(store.state.panel.items?.map(\.name) == ["Tea", "Milk"])
    @Shared(.items) var items
    #expect(items?.count == 2)
    await store.send(.router(.home(.tabSelected(.entry))))
    await store.finish()
    #expect(store.state.router[.entry].path.isEmpty)
    #expect(store.state.panel.items?.count == 2)
  }

  @Test("a load that fails shows why on the panel; the next one that succeeds clears it")
  func panelLoadFails() async {
    let attempts = Attempts()
    let store = TestStore(initialState: AppReducer.State()) {
      AppReducer()
    } withDependencies: {
      $0.items = ItemsClient(
        load: {
          if await attempts.next() == 1 { throw CountError() }
          return Item.samples
        },
        save: { _ in })
    }
    await store.send(.onAppear)
    await store.receive(.panel(.onAppear))
    await store.receive(.router(.onAppear))
    await store.receive(.router(.gate(.onAppear))) { $0.router.stage.gate?.hasAppeared = true }
    await store.receive(.panel(.loadFailed("the disk is gone"))) {
      $0.panel.failure = "the disk is gone"
    }
    await store.send(.onAppear)
    await store.receive(.panel(.onAppear))
    await store.receive(.router(.onAppear))
    await store.receive(.router(.gate(.onAppear)))
    await store.receive(.panel(.loaded(Item.samples))) {
      $0.panel.$items.withLock { $0 = IdentifiedArray(uniqueElements: Item.samples) }
      $0.panel.failure = nil
    }
  }
}

/// Counts the loads.
private actor Attempts {
  private var count = 0
  func next() -> Int {
    count += 1
    return count
  }
}

/// A load that fails with a reason.
private struct CountError: LocalizedError {
  var errorDescription: String? { "the disk is gone" }
}
