import CoreDependencies
import CoreStore
import CoreTesting
import Testing

/// Every effect of a screen ends once the screen is gone from the state, however it left;
/// a parent may cancel its children's work by id, never the reverse; a released store
/// cancels what it started.
@MainActor
@Suite("Effect lifetimes")
struct EffectLifetimeTests {
  private func makeHost(clock: TestClock) -> TestStore<WaiterHost.State, WaiterHost.Action> {
    TestStore(initialState: WaiterHost.State()) {
      WaiterHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test("a stack element removed by a later reducer in the same body stops its work")
  func stackElementRemovedByLaterReducer() async {
    let clock = TestClock()
    let store = makeHost(clock: clock)
    await store.send(.push) { $0.path.append(Waiter.State()) }
    await store.send(.path(.element(id: 0, action: .startAndLeave))) { $0.path[id: 0] = nil }
    await clock.advance(by: .seconds(2))
    #expect(clock.sleeperCount == 0)
    await store.finish()
  }

  @Test("a presented child removed by a later reducer in the same body stops its work")
  func presentationRemovedByLaterReducer() async {
    let clock = TestClock()
    let store = makeHost(clock: clock)
    await store.send(.present) { $0.sheet = Waiter.State() }
    await store.send(.sheet(.presented(.startAndLeave))) { $0.sheet = nil }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test("screens removed by a grandparent replacing their parent's state stop their work")
  func screensRemovedByGrandparent() async {
    let clock = TestClock()
    let store = TestStore(initialState: HostOwner.State()) {
      HostOwner()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.host(.push)) { $0.host.path.append(Waiter.State()) }
    await store.send(.host(.present)) { $0.host.sheet = Waiter.State() }
    await store.send(.host(.path(.element(id: 0, action: .start))))
    await store.send(.host(.sheet(.presented(.start))))
    #expect(clock.sleeperCount == 2)
    await store.send(.resetHost) { $0.host = WaiterHost.State() }
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test("a screen still on the stack keeps its work after a sibling is removed")
  func siblingKeepsItsWork() async {
    let clock = TestClock()
    let store = makeHost(clock: clock)
    await store.send(.push) { $0.path.append(Waiter.State()) }
    await store.send(.push) { $0.path.append(Waiter.State()) }
    await store.send(.path(.element(id: 0, action: .start)))
    await store.send(.path(.element(id: 1, action: .startAndLeave))) { $0.path[id: 1] = nil }
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .finished))) {
      $0.path[id: 0] = Waiter.State(finished: 1)
    }
    await store.finish()
  }

  @Test("a parent cancels its children's work by id, on the stack and presented")
  func parentCancelsChildrenByID() async {
    let clock = TestClock()
    let store = makeHost(clock: clock)
    await store.send(.push) { $0.path.append(Waiter.State()) }
    await store.send(.present) { $0.sheet = Waiter.State() }
    await store.send(.path(.element(id: 0, action: .start)))
    await store.send(.sheet(.presented(.start)))
    await store.send(.startOwn)
    #expect(clock.sleeperCount == 3)
    await store.send(.cancelAllWaits)
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test("a child cancelling an id stops only its own work, never its parent's or a sibling's")
  func childCancelsOnlyItsOwn() async {
    let clock = TestClock()
    let store = makeHost(clock: clock)
    await store.send(.push) { $0.path.append(Waiter.State()) }
    await store.send(.push) { $0.path.append(Waiter.State()) }
    await store.send(.path(.element(id: 0, action: .start)))
    await store.send(.path(.element(id: 1, action: .start)))
    await store.send(.startOwn)
    await store.send(.path(.element(id: 1, action: .cancelOwn)))
    #expect(clock.sleeperCount == 2)
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .finished))) {
      $0.path[id: 0] = Waiter.State(finished: 1)
    }
    await store.receive(.ownFinished) { $0.finished = 1 }
    await store.finish()
  }

  @Test("releasing a root store cancels every effect it started")
  func releasedStoreCancelsItsEffects() async {
    let clock = TestClock()
    var store: Store<WaiterHost.State, WaiterHost.Action>? = Store(
      initialState: WaiterHost.State()
    ) {
      WaiterHost()
    } withDependencies: {
      $0 = $0.withFreshCache()
      $0.continuousClock = clock
    }
    store?.send(.startOwn)
    store?.send(.push)
    store?.send(.path(.element(id: 0, action: .start)))
    let sleeping = await waitUntil { clock.sleeperCount == 2 }
    #expect(sleeping)
    store = nil
    let cancelled = await waitUntil { clock.sleeperCount == 0 }
    #expect(cancelled)
  }

  @Test("a test store released with an effect still running fails the test")
  func testStoreReleasedWithRunningEffect() async {
    let clock = TestClock()
    await withKnownIssue {
      let store = makeHost(clock: clock)
      await store.send(.startOwn)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("when the test store was released") }
    }
    let cancelled = await waitUntil { clock.sleeperCount == 0 }
    #expect(cancelled)
  }
}
