import CoreDependencies
import CoreStore
import CoreTesting
import ItemListFeature
import ItemsClient
import Testing

@MainActor
@Suite("ItemsPanel")
struct ItemsPanelTests {
  @Test("onAppear loads the shared items when no screen has")
  func loads() async {
    let store = TestStore(initialState: ItemsPanel.State()) {
      ItemsPanel()
    } withDependencies: {
      $0.items = ItemsClient(load: { [milk, eggs] }, save: { _ in })
    }
    await store.send(.onAppear)
    await store.receive(.loaded([milk, eggs])) { $0.$items.withLock { $0 = .of([milk, eggs]) } }
  }

  @Test("onAppear with the items loaded already reads nothing: the list's change shows as is")
  func sharedWithTheList() async {
    let store = TestStore(initialState: ItemsPanel.State()) {
      ItemsPanel()
    } withDependencies: {
      $0.items = .testValue
    }
    // The list, another screen, loaded the items and added one.
    @Shared(.items) var items
    $items.withLock { $0 = .of([milk, eggs]) }
    await store.send(.onAppear)
    #expect(store.state.items?.count == 2)
  }

  @Test("a load that lands after the list loaded and changed the items does not replace them")
  func olderReadNeverWins() async {
    let clock = TestClock()
    let store = TestStore(initialState: ItemsPanel.State()) {
      ItemsPanel()
    } withDependencies: {
      $0.items = ItemsClient(
        load: {
          try await clock.sleep(for: .seconds(1))
          return [milk]
        }, save: { _ in })
    }
    await store.send(.onAppear)
    @Shared(.items) var items
    $items.withLock { $0 = .of([milk, eggs]) }
    await clock.advance(by: .seconds(1))
    await store.receive(.loaded([milk])) { $0.$items.withLock { $0 = .of([milk, eggs]) } }
  }

  @Test("a failed load says why; items loaded later by the list show instead")
  func failure() async {
    let store = TestStore(initialState: ItemsPanel.State()) {
      ItemsPanel()
    } withDependencies: {
      $0.items = ItemsClient(load: { throw DiskFull() }, save: { _ in })
    }
    await store.send(.onAppear)
    await store.receive(.loadFailed("disk full")) { $0.failure = "disk full" }
    let view = ItemsPanelView(store: Store(initialState: store.state) { ItemsPanel() })
    #expect(view.render().last == "└ Cannot count the items: disk full")
    await store.send(.loaded([eggs])) {
      $0.$items.withLock { $0 = .of([eggs]) }
      $0.failure = nil
    }
    #expect(view.render().last == "└ 1 item kept; type items to open the list.")
  }

  @Test("the view says it is counting, then the count (one item, several), or why it failed")
  func view() {
    let cases: [([Item]?, String?, String)] = [
      (nil, nil, "└ Counting the items…"),
      ([milk], nil, "└ 1 item kept; type items to open the list."),
      ([], nil, "└ 0 items kept; type items to open the list."),
      ([milk, eggs], nil, "└ 2 items kept; type items to open the list."),
      (nil, "disk full", "└ Cannot count the items: disk full"),
      ([milk], "disk full", "└ 1 item kept; type items to open the list."),
    ]
    for (items, failure, line) in cases {
      let store = withDependencies {
        $0.defaultInMemoryStorage = InMemoryStorage()
      } operation: {
        @Shared(.items) var shared
        $shared.withLock { $0 = items.map(IdentifiedArray.init(uniqueElements:)) }
        return Store(initialState: ItemsPanel.State(failure: failure)) { ItemsPanel() }
      }
      let view = ItemsPanelView(store: store)
      #expect(view.render() == ["┌ Items (built by ItemListFeature)", line])
      #expect(view.commands.isEmpty)
    }
  }
}
