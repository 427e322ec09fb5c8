import CoreDependencies
import CoreStore
import Foundation
import Testing

/// A reducer that logs every action, and chains `.send` effects to show the queue order.
private struct Chain: Reducer {
  struct State: Equatable { var log: [String] = [] }
  enum Action: Equatable, Sendable { case a, b, c, d, fromEffect }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.log.append("\(action)")
    switch action {
    case .a: return .merge(.send(.b), .send(.c))
    case .b: return .send(.d)
    case .c, .d: return .none
    case .fromEffect: return .none
    }
  }
}

@MainActor
@Suite("Store")
struct StoreTests {
  @Test("actions are processed first in, first out, including those sent by effects")
  func fifoOrder() {
    let store = Store(initialState: Chain.State()) { Chain() }
    store.send(.a)
    #expect(store.state.log == ["a", "b", "c", "d"])
  }

  @Test("an action sent by an async effect reaches the reducer, and finish() awaits it")
  func asyncEffectSends() async {
    let store = Store(initialState: Chain.State()) {
      Reduce<Chain.State, Chain.Action> { state, action in
        state.log.append("\(action)")
        guard action == .a else { return .none }
        return .run { send in
          await Task.yield()
          await send(.fromEffect)
        }
      }
    }
    let task = store.send(.a)
    #expect(task.hasEffects)
    #expect(store.inFlightEffectCount == 1)
    await task.finish()
    #expect(store.state.log == ["a", "fromEffect"])
    #expect(await store.waitForEffects(timeout: .seconds(120)))
    #expect(store.inFlightEffectCount == 0)
  }

  @Test("a scoped store reads through the root and sends through it")
  func scopedStore() {
    let store = Store(initialState: Router.State()) { Router() }
    let counter = store.scope(state: \.counter, action: .counter)
    counter.send(.increment)
    counter.send(.increment)
    #expect(counter.state.count == 2)
    #expect(store.state.counter.count == 2)
    store.send(.counter(.decrement))
    #expect(counter.state.count == 1)
  }

  @Test("an optional scope is nil while the child is absent and keeps its last state after")
  func optionalScope() {
    let store = Store(initialState: Router.State()) { Router() }
    #expect(store.scope(state: { $0.optionalCounter }, action: .optionalCounter) == nil)
    store.send(.toggleOptionalCounter)
    let child = store.scope(state: { $0.optionalCounter }, action: .optionalCounter)
    child?.send(.increment)
    #expect(child?.state.count == 1)
    store.send(.toggleOptionalCounter)
    #expect(store.state.optionalCounter == nil)
    #expect(child?.state.count == 1)
  }

  @Test("the store's dependencies reach reducers and effects")
  func dependenciesReachEffects() async {
    let store = Store(initialState: Stamper.State()) {
      Stamper()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.stamp).finish()
    #expect(store.state.stamps == [UUID(counting: 0), UUID(counting: 1)])
  }

  @Test("send(_:then:) runs its closure after the whole batch, with the store's dependencies")
  func sendThen() {
    let store = Store(initialState: Chain.State()) {
      Chain()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    var log: [String] = []
    var id: UUID?
    store.send(.a) {
      log = store.withState(\.log)
      @Dependency(\.uuid) var uuid
      id = uuid()
    }
    #expect(log == ["a", "b", "c", "d"])
    #expect(id == UUID(counting: 0))
  }

  @Test("cancelling a StoreTask stops its effect before it sends")
  func storeTaskCancel() async {
    let clock = TestClock()
    let store = Store(initialState: Router.State()) {
      Router()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(.presentSheet)
    let task = store.send(.sheet(.presented(.load)))
    task.cancel()
    await task.finish()
    await clock.advance(by: .seconds(2))
    #expect(store.state.sheet?.loaded == nil)
  }

  @Test("waitForEffects gives up after its timeout while an effect still runs")
  func waitForEffectsTimesOut() async {
    let clock = TestClock()
    let store = Store(initialState: Router.State()) {
      Router()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(.presentSheet)
    let task = store.send(.sheet(.presented(.load)))
    #expect(await store.waitForEffects(timeout: .milliseconds(20)) == false)
    task.cancel()
    #expect(await store.waitForEffects(timeout: .seconds(120)))
  }
}
