import CoreStore
import Observation
import Synchronization
import Testing

/// TCA's ways of reading a store: `StoreOf<R>`, `store.field` through dynamic member lookup,
/// and `withState`, which reads without observing.
@MainActor
@Suite("Reading a store as in TCA")
struct StoreAccessTests {
  @Test("StoreOf names the store of a reducer; store.count reads the state, scoped stores too")
  func dynamicMembers() {
    let store: StoreOf<Counter> = Store(initialState: Counter.State()) { Counter() }
    #expect(store.count == 0)
    store.send(.increment)
    store.send(.increment)
    #expect(store.count == 2)
    #expect(store.count == store.state.count)

    let twice = Store(initialState: TwinCounters.State()) { TwinCounters() }
    let right = twice.scope(state: \.right, action: \.right)
    twice.send(.right(.increment))
    #expect(right.count == 1)
    #expect(twice.left.count == 0)
  }

  @Test("withState reads the current state and does not observe; store.count does")
  func withStateDoesNotObserve() {
    let store: StoreOf<Counter> = Store(initialState: Counter.State()) { Counter() }
    let toldAfterWithState = Mutex(false)
    withObservationTracking {
      #expect(store.withState { $0.count } == 0)
    } onChange: {
      toldAfterWithState.withLock { $0 = true }
    }
    store.send(.increment)
    #expect(toldAfterWithState.withLock { $0 } == false)
    #expect(store.withState(\.count) == 1)

    let toldAfterMember = Mutex(false)
    withObservationTracking {
      _ = store.count
    } onChange: {
      toldAfterMember.withLock { $0 = true }
    }
    store.send(.increment)
    #expect(toldAfterMember.withLock { $0 } == true)
  }
}

/// Two counters, reached by case key paths.
struct TwinCounters: Reducer {
  struct State: Equatable {
    var left = Counter.State()
    var right = Counter.State()
  }

  enum Action: CasePathable, Equatable, Sendable {
    case left(Counter.Action)
    case right(Counter.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.left, action: \.left) { Counter() }
    Scope(state: \.right, action: \.right) { Counter() }
  }
}
