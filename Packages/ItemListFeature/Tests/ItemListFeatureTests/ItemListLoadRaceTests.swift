import CoreDependencies
import CoreStore
import CoreTesting
import CoreUI
import Foundation
import ItemsClient
import Testing

@testable import ItemListFeature

/// Commands that arrive while the list loads: none acts on the list that is not there yet,
/// and nothing is saved over the file. The load waits on a test clock the test advances, so
/// the order is the test's, not the scheduler's.
@MainActor
@Suite("ItemList while loading")
struct ItemListLoadRaceTests {
  private let saved = (1...200).map { Item(id: UUID(counting: UInt64($0)), name: "Item \($0)") }
  private let log = SaveLog()

  private func makeStore(
    _ state: ItemList.State = ItemList.State(), loadClock: TestClock
  ) -> TestStore<ItemList.State, ItemList.Action> {
    let saved = self.saved
    let log = self.log
    return TestStore(initialState: state) {
      ItemList()
    } withDependencies: {
      $0.items = ItemsClient(
        load: {
          try await loadClock.sleep(for: .seconds(1))
          return saved
        },
        save: { await log.record($0) })
      $0.uuid = .incrementing
      $0.continuousClock = TestClock()
    }
  }

  @Test(
    "add, open, edit and delete while the list loads are refused with one line; nothing is saved")
  func changesWhileLoadingAreRefused() async {
    let loadClock = TestClock()
    let store = makeStore(loadClock: loadClock)
    await store.send(.onAppear) { $0.isLoading = true }
    await store.send(.addTapped(name: "X")) { $0.message = ItemList.stillLoading }
    await store.send(.openTapped(position: 1))
    await store.send(.editTapped(position: 1))
    await store.send(.deleteTapped(position: 1))
    await store.send(.stepsSettled)
    #expect(store.state.destination == nil)
    await loadClock.advance(by: .seconds(1))
    await store.receive(.itemsLoaded(saved)) {
      $0.$items.withLock { $0 = .of(saved) }
      $0.isLoading = false
      $0.message = nil
    }
    #expect(await log.saves.isEmpty)
    // Once loaded, the same add goes through and saves the whole list plus the new item.
    await store.send(.addTapped(name: "X")) {
      $0.destination = .add(
        ItemEdit.State(draft: Item(id: UUID(counting: 0), name: "X"), mode: .add))
    }
    await store.send(.destination(.presented(.add(.saveTapped))))
    let added = Item(id: UUID(counting: 0), name: "X")
    await store.receive(.destination(.presented(.add(.delegate(.save(added)))))) {
      $0.$items.withLock { $0 = .of(saved + [added]) }
      $0.destination = nil
    }
    await store.finish()
    #expect(await log.saves == [saved + [added]])
  }

  @Test("reload hides the rows until the file is read again: no change meanwhile")
  func changesWhileReloadingAreRefused() async {
    let loadClock = TestClock()
    let store = makeStore(ItemList.State(items: [milk]), loadClock: loadClock)
    await store.send(.reloadTapped) {
      $0.itemsBeforeReload = $0.items
      $0.$items.withLock { $0 = nil }
      $0.isLoading = true
    }
    await store.send(.addTapped(name: "X")) { $0.message = ItemList.stillLoading }
    await store.send(.openTapped(position: 1))
    await loadClock.advance(by: .seconds(1))
    await store.receive(.itemsLoaded(saved)) {
      $0.$items.withLock { $0 = .of(saved) }
      $0.itemsBeforeReload = nil
      $0.isLoading = false
      $0.message = nil
    }
    await store.finish()
    #expect(await log.saves.isEmpty)
  }

  @Test("an add screen over a list that is not loaded (a restored state) saves nothing")
  func addOverUnloadedListSavesNothing() async {
    let draft = Item(id: UUID(counting: 7), name: "X")
    let store = makeStore(
      ItemList.State(destination: .add(ItemEdit.State(draft: draft, mode: .add))),
      loadClock: TestClock())
    await store.send(.destination(.presented(.add(.saveTapped))))
    await store.receive(.destination(.presented(.add(.delegate(.save(draft))))))
    await store.finish()
    #expect(await log.saves.isEmpty)
  }

  @Test("the view shows the load and refuses to step a row that is not there yet")
  func viewWhileLoading() throws {
    let store = Store(initialState: ItemList.State(isLoading: true)) {
      EmptyReducer<ItemList.State, ItemList.Action>()
    }
    let view = ItemListView(store: store)
    #expect(view.render() == ["Items", "  Loading…"])
    let more = try #require(view.commands.first { $0.name == "more" })
    #expect(throws: CommandError("the list is still loading; try again once its items show")) {
      try more.run(["1"])
    }
  }
}

/// Steps the view refuses before they reach the reducer, each with the reason.
@MainActor
@Suite("ItemList view refusals")
struct ItemListViewRefusalTests {
  @Test("less on an item whose quantity is 0 says so and sends nothing; at 1 it steps")
  func lessAtZero() throws {
    let empty = Item(id: UUID(counting: 1), name: "Tea", quantity: 0)
    let one = Item(id: UUID(counting: 2), name: "Milk", quantity: 1)
    let store = Store(initialState: ItemList.State(items: [empty, one])) { ItemList() }
    let view = ItemListView(store: store)
    let less = try #require(view.commands.first { $0.name == "less" })
    #expect(
      throws: CommandError("item 1's quantity is already 0; there is none to take away")
    ) {
      try less.run(["1"])
    }
    #expect(store.state.items?[id: empty.id]?.quantity == 0)
    try less.run(["2"])
    #expect(store.state.items?[id: one.id]?.quantity == 0)
  }
}

/// A long list shows its first and last rows and says how many are between: a million rows
/// would take minutes to draw.
@MainActor
@Suite("ItemList view of a long list")
struct ItemListLongViewTests {
  private func render(_ count: Int) -> [String] {
    let items = (1...count).map { Item(id: UUID(counting: UInt64($0)), name: "I\($0)") }
    let store = Store(initialState: ItemList.State(items: items)) {
      EmptyReducer<ItemList.State, ItemList.Action>()
    }
    return ItemListView(store: store).render()
  }

  @Test("up to twice the edge every row shows")
  func shortListShowsAll() {
    let lines = render(2 * ItemListView.edgeRows)
    #expect(lines.count == 1 + 2 * ItemListView.edgeRows)
    #expect(lines.last == "  200. I200 ×1")
  }

  @Test("past it, the first and last rows show, with how many are between")
  func longListShowsEnds() {
    let lines = render(1_000)
    #expect(lines.count == 1 + 2 * ItemListView.edgeRows + 1)
    #expect(lines[100] == "  100. I100 ×1")
    #expect(lines[101] == "  … 800 more; open N shows item N")
    #expect(lines[102] == "  901. I901 ×1")
    #expect(lines.last == "  1000. I1000 ×1")
  }
}
