import AppFeature
import CoreDependencies
import CoreRouting
import CoreStore
import CoreTesting
import Foundation
import ItemListFeature
import ItemsClient
import NavigationLogClient
import Testing

/// A screen the App closes without its asking (a sign-out, a link that replaces its stack)
/// first finishes the work it owes, as `back` and `quit` do: a quantity step still waiting
/// for its pause is saved, not dropped with the screen.
@MainActor
@Suite("Screens closed by the App finish what they owe")
struct ClosingScreensTests {
  private let saves = LockIsolated<[[Item]]>([])
  private let clock = TestClock()

  /// Signed in, the items tab showing its list of `items`, loaded; saves recorded; the pause
  /// before a step's save on a test clock that never moves by itself.
  private func storeAtItems(_ items: [Item]) async -> TestStore<AppRouter.State, AppRouter.Action> {
    let saves = self.saves
    let store = TestStore(initialState: AppRouter.State.signedIn("Ann", tab: .items)) {
      AppRouter()
    } withDependencies: {
      $0.navigationLog = NavigationLogClient { _ in }
      $0.items = ItemsClient(
        load: { items }, save: { saved in saves.withValue { $0.append(saved) } })
      $0.continuousClock = clock
    }
    @Shared(.signedInName) var signedIn
    $signedIn.withLock { $0 = "Ann" }
    store.exhaustivity = .off
    await store.send(.onAppear)
    await store.skipReceivedActions()
    #expect(store.state[.items].root.items?.items.map(Array.init) == items)
    return store
  }

  /// `more` on the first row of the items tab's list: a step whose save waits for the pause.
  private func stepFirstRow(_ store: TestStore<AppRouter.State, AppRouter.Action>) async throws {
    let id = try #require(store.state[.items].root.items?.items?.first?.id)
    await store.send(.tab(.items, .root(.items(.rows(.element(id: id, action: .moreTapped))))))
    await store.skipReceivedActions()
    #expect(saves.value.isEmpty, "the step waits for its pause before it is saved")
  }

  private let apple = Item(id: UUID(counting: 1), name: "Apple", quantity: 2)
  private let tea = Item(id: UUID(counting: 2), name: "Tea")

  @Test("signout right after a step saves the step before the list closes")
  func signOutSavesTheStep() async throws {
    let store = await storeAtItems([apple, tea])
    try await stepFirstRow(store)
    await store.send(.signOutTapped)
    await store.skipReceivedActions()
    var stepped = apple
    stepped.quantity = 3
    #expect(saves.value == [[stepped, tea]])
    // The pause that would have saved it later finds nothing owed: one save, not two.
    await clock.advance(by: ItemList.settleDelay)
    await store.finish()
    #expect(saves.value.count == 1)
  }

  @Test("a link that replaces the list saves its step first")
  func linkSavesTheStep() async throws {
    let store = await storeAtItems([apple, tea])
    try await stepFirstRow(store)
    await store.send(.linkOpened("items/1"))
    await store.skipReceivedActions()
    var stepped = apple
    stepped.quantity = 3
    #expect(saves.value == [[stepped, tea]])
    #expect(store.state.notice == nil)
    await clock.advance(by: ItemList.settleDelay)
    await store.finish()
    #expect(saves.value.count == 1)
  }

  @Test("a list that owes nothing saves nothing as it closes")
  func nothingOwedNothingSaved() async {
    let store = await storeAtItems([apple, tea])
    await store.send(.signOutTapped)
    await store.skipReceivedActions()
    await store.finish()
    #expect(saves.value.isEmpty)
  }
}
