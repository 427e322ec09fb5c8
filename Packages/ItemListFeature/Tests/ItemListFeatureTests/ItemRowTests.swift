import CoreDependencies
import CoreStore
import CoreTesting
import Foundation
import ItemsClient
import Testing

@testable import ItemListFeature

/// Rows step their quantity and ask for one save once the stepping settles.
@MainActor
@Suite("ItemList rows")
struct ItemRowTests {
  private let log = SaveLog()

  private func makeStore(clock: TestClock) -> TestStore<
    ItemList.State, ItemList.Action
  > {
    let log = self.log
    return TestStore(initialState: ItemList.State(items: [milk, eggs], hasLoaded: true)) {
      ItemList()
    } withDependencies: {
      $0.items = .recording([milk, eggs], into: log)
      $0.continuousClock = clock
    }
  }

  @Test("quick steps on a row are saved once, after the pause")
  func quickStepsSaveOnce() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.rows(.element(id: milk.id, action: .moreTapped))) {
      $0.rows[id: milk.id]?.item.quantity = 3
    }
    await clock.advance(by: .milliseconds(300))
    await store.send(.rows(.element(id: milk.id, action: .moreTapped))) {
      $0.rows[id: milk.id]?.item.quantity = 4
    }
    await clock.advance(by: .milliseconds(300))
    #expect(await log.saves.isEmpty)
    await clock.advance(by: .milliseconds(200))
    await store.receive(.rows(.element(id: milk.id, action: .delegate(.quantityChanged))))
    await store.finish()
    var saved = milk
    saved.quantity = 4
    #expect(await log.saves == [[saved, eggs]])
  }

  @Test("a row deleted while its save is pending never saves")
  func deletedRowDoesNotSave() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.rows(.element(id: eggs.id, action: .lessTapped))) {
      $0.rows[id: eggs.id]?.item.quantity = 11
    }
    await store.send(.deleteTapped(position: 2)) {
      var shown = eggs
      shown.quantity = 11
      $0.destination = .alert(.delete(shown))
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion(eggs.id))))) {
      $0.items = [milk]
      $0.destination = nil
    }
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(1))
    await store.finish()
    #expect(await log.saves == [[milk]])
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
