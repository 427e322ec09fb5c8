import CoreDependencies
import CoreStore
import CoreTesting
import Foundation
import ItemsClient
import Testing

@testable import ItemListFeature

/// Rows step their quantity; the list saves once the stepping settles, and never loses a step
/// to a screen that closes or a delete.
@MainActor
@Suite("ItemList rows")
struct ItemRowTests {
  private let log = SaveLog()

  private func makeStore(clock: TestClock) -> TestStore<ItemList.State, ItemList.Action> {
    let log = self.log
    return TestStore(initialState: ItemList.State(items: [milk, eggs])) {
      ItemList()
    } withDependencies: {
      $0.items = .recording([milk, eggs], into: log)
      $0.continuousClock = clock
    }
  }

  /// A step on a row and the row's report that the quantity changed, which leaves a save
  /// owed.
  private func step(
    _ store: TestStore<ItemList.State, ItemList.Action>, _ action: ItemRow.Action,
    to quantity: Int, on item: Item = milk
  ) async {
    let wasPending = store.state.isSavePending
    await store.send(.rows(.element(id: item.id, action: action))) {
      $0.$items.withLock { $0?[id: item.id]?.quantity = quantity }
    }
    if wasPending {
      await store.receive(.rows(.element(id: item.id, action: .settledDelegate)))
    } else {
      await store.receive(.rows(.element(id: item.id, action: .settledDelegate))) {
        $0.isSavePending = true
      }
    }
  }

  @Test("quick steps on a row are saved once, after the pause")
  func quickStepsSaveOnce() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await step(store, .moreTapped, to: 3)
    await clock.advance(by: .milliseconds(300))
    await step(store, .moreTapped, to: 4)
    await clock.advance(by: .milliseconds(300))
    #expect(await log.saves.isEmpty)
    await clock.advance(by: .milliseconds(200))
    await store.receive(.stepsSettled) { $0.isSavePending = false }
    await store.finish()
    var saved = milk
    saved.quantity = 4
    #expect(await log.saves == [[saved, eggs]])
  }

  @Test("deleting a row while a step waits saves once, without the row, and the wait ends")
  func deleteWhileStepWaits() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await step(store, .lessTapped, to: 11, on: eggs)
    await store.send(.deleteTapped(position: 2)) {
      var shown = eggs
      shown.quantity = 11
      $0.destination = .alert(.delete(shown))
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion(eggs.id))))) {
      $0.$items.withLock { $0 = .of([milk]) }
      $0.destination = nil
      $0.isSavePending = false
    }
    await clock.advance(by: .seconds(1))
    await store.finish()
    #expect(clock.sleeperCount == 0)
    #expect(await log.saves == [[milk]])
  }

  @Test("leaving right after a step saves the step before the screen goes")
  func backRightAfterStepSaves() async {
    let clock = TestClock()
    let log = self.log
    let store = TestStore(initialState: PresentationHost.State(ItemList.State(items: [milk]))) {
      PresentationHost { ItemList() }
    } withDependencies: {
      $0.items = .recording([milk], into: log)
      $0.continuousClock = clock
    }
    await store.send(.child(.presented(.rows(.element(id: milk.id, action: .moreTapped))))) {
      $0.child?.$items.withLock { $0?[id: milk.id]?.quantity = 3 }
    }
    await store.receive(.child(.presented(.rows(.element(id: milk.id, action: .settledDelegate)))))
    {
      $0.child?.isSavePending = true
    }
    await store.send(.child(.presented(.backTapped))) { $0.child?.isSavePending = false }
    await store.receive(.child(.dismiss)) { $0.child = nil }
    await store.finish()
    var saved = milk
    saved.quantity = 3
    #expect(await log.saves == [[saved]])
  }

  @Test("reload right after a step saves the step first, then reads the file again")
  func reloadAfterStepSavesFirst() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await step(store, .moreTapped, to: 3)
    await store.send(.reloadTapped) {
      $0.isSavePending = false
      $0.itemsBeforeReload = $0.items
      $0.$items.withLock { $0 = nil }
      $0.isLoading = true
    }
    await store.receive(.itemsLoaded([milk, eggs])) {
      $0.$items.withLock { $0 = .of([milk, eggs]) }
      $0.itemsBeforeReload = nil
      $0.isLoading = false
    }
    await store.finish()
    var saved = milk
    saved.quantity = 3
    #expect(await log.saves == [[saved, eggs]])
  }

  @Test("a quantity stays within 0 and the maximum; a step past either does nothing")
  func bounds() async {
    let clock = TestClock()
    let empty = Item(id: UUID(counting: 9), name: "Salt", quantity: 0)
    let full = Item(id: UUID(counting: 10), name: "Rice", quantity: Item.maximumQuantity)
    let store = TestStore(initialState: ItemList.State(items: [empty, full])) {
      ItemList()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rows(.element(id: empty.id, action: .lessTapped)))
    await store.send(.rows(.element(id: full.id, action: .moreTapped)))
    #expect(clock.sleeperCount == 0)
    await store.finish()
  }
}
