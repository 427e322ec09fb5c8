import CoreDependencies
import CoreStore
import CoreTesting
import ItemListFeature
import ItemsClient
import Testing

@MainActor
@Suite("ItemsPanel")
struct ItemsPanelTests {
  @Test("refresh counts the items the client keeps")
  func counts() async {
    let store = TestStore(initialState: ItemsPanel.State()) {
      ItemsPanel()
    } withDependencies: {
      $0.items = ItemsClient(load: { [milk, eggs] }, save: { _ in })
    }
    await store.send(.refresh)
    await store.receive(.counted(2)) { $0.count = 2 }
  }

  @Test("a failed count keeps the last count and says why; a later count clears the reason")
  func failure() async {
    let store = TestStore(initialState: ItemsPanel.State(count: 4)) {
      ItemsPanel()
    } withDependencies: {
      $0.items = ItemsClient(load: { throw DiskFull() }, save: { _ in })
    }
    await store.send(.refresh)
    await store.receive(.countFailed("disk full")) { $0.failure = "disk full" }
    await store.send(.counted(5)) {
      $0.count = 5
      $0.failure = nil
    }
  }

  @Test("a refresh while a count is in flight replaces it: one count arrives, not two")
  func refreshReplacesInFlight() async {
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
    await store.send(.refresh)
    await store.send(.refresh)
    await clock.advance(by: .seconds(1))
    await store.receive(.counted(1)) { $0.count = 1 }
    await store.finish()
  }

  @Test("the view says it is counting, then the count (one item, several), or why it failed")
  func view() {
    let cases: [(ItemsPanel.State, String)] = [
      (ItemsPanel.State(), "└ Counting the items…"),
      (ItemsPanel.State(count: 1), "└ 1 item kept; type items to open the list."),
      (ItemsPanel.State(count: 0), "└ 0 items kept; type items to open the list."),
      (ItemsPanel.State(count: 12), "└ 12 items kept; type items to open the list."),
      (
        ItemsPanel.State(count: 12, failure: "disk full"),
        "└ Cannot count the items: disk full"
      ),
    ]
    for (state, line) in cases {
      let view = ItemsPanelView(store: Store(initialState: state) { ItemsPanel() })
      #expect(view.render() == ["┌ Items (built by ItemListFeature)", line])
      #expect(view.commands.isEmpty)
    }
  }
}
