import CoreStore
import CoreTesting
import Testing

/// A feature whose state holds a closure, so it is not `Equatable`, and whose actions are not
/// either: TCA lets an enum reducer hold such a feature.
struct Stopwatch: Reducer {
  struct State: Sendable {
    var ticks = 0
    var format: @Sendable (Int) -> String = { "\($0) ticks" }
  }

  enum Action: Sendable {
    case tick
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.ticks += 1
    return .none
  }
}

/// An enum over a feature that is not `Equatable`: its State and Action are not either, as
/// TCA's would not be.
enum Shown: CaseReducer {
  case stopwatch(Stopwatch)
  case counter(Counter)
}

/// An enum whose State is made `Equatable` the way TCA's docs write it, by an extension.
enum Documented: CaseReducer {
  case counter(Counter)
  case note(String, pinned: Bool)
}

extension Documented.State: Equatable {}

@MainActor
@Suite("Reducer enums conform where every case does, as TCA's")
struct ReducerEnumConformanceTests {
  @Test("an enum over a feature that is not Equatable runs it, in a non-exhaustive store")
  func notEquatableCase() async {
    let store = Store(initialState: Shown.State.stopwatch(Stopwatch.State())) { Shown.body }
    store.send(.stopwatch(.tick))
    store.send(.stopwatch(.tick))
    guard case .stopwatch(let stopwatch) = store.state else {
      Issue.record("expected the stopwatch")
      return
    }
    #expect(stopwatch.format(stopwatch.ticks) == "2 ticks")
  }

  @Test("State made Equatable by an extension compares case and values")
  func equatableByExtension() async {
    #expect(Documented.State.counter(Counter.State(count: 1)) == .counter(Counter.State(count: 1)))
    #expect(Documented.State.counter(Counter.State(count: 1)) != .counter(Counter.State()))
    #expect(Documented.State.note("a", pinned: true) == .note("a", pinned: true))
    #expect(Documented.State.note("a", pinned: true) != .note("a", pinned: false))
    #expect(Documented.State.note("a", pinned: true) != .counter(Counter.State()))
    let store = TestStore(initialState: Documented.State.counter(Counter.State())) {
      Documented.body
    }
    await store.send(.counter(.increment)) { $0 = .counter(Counter.State(count: 1)) }
    await withKnownIssue {
      await store.send(.counter(.increment)) { $0 = .counter(Counter.State(count: 5)) }
    }
  }
}
