import CoreDependencies
import CoreStore
import CoreTesting
import Foundation
import Testing

/// A reducer whose body uses every builder form: sequence, if, if/else, CombineReducers.
private struct Composed: Reducer {
  struct State: Equatable {
    var log: [String] = []
    var counter = Counter.State()
  }

  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
    case ping
  }

  let logsTwice: Bool
  let loud: Bool

  var body: some ReducerOf<Self> {
    CombineReducers {
      Scope(state: \.counter, action: .composedCounter) { Counter() }
      Reduce { state, _ in
        state.log.append("first")
        return .none
      }
    }
    if logsTwice {
      Reduce { state, _ in
        state.log.append("second")
        return .none
      }
    }
    if loud {
      Reduce { state, _ in
        state.log.append("LOUD")
        return .none
      }
    } else {
      Reduce { state, _ in
        state.log.append("quiet")
        return .none
      }
    }
  }
}

extension CasePath<Composed.Action, Counter.Action> {
  fileprivate static var composedCounter: Self {
    CasePath(Composed.Action.counter) { if case .counter(let action) = $0 { action } else { nil } }
  }
}

@MainActor
@Suite("Composing reducers")
struct CompositionTests {
  @Test("a builder body runs its reducers top to bottom, honouring if and if/else")
  func builderForms() {
    let store = Store(initialState: Composed.State()) { Composed(logsTwice: true, loud: false) }
    store.send(.counter(.increment))
    #expect(store.state.log == ["first", "second", "quiet"])
    #expect(store.state.counter.count == 1)
    let other = Store(initialState: Composed.State()) { Composed(logsTwice: false, loud: true) }
    other.send(.ping)
    #expect(other.state.log == ["first", "LOUD"])
  }

  @Test("an empty builder block and EmptyReducer change nothing")
  func empty() {
    let store = Store(initialState: Counter.State()) {
      CombineReducers<Counter.State, Counter.Action, _> {}
    }
    store.send(.increment)
    #expect(store.state.count == 0)
  }

  @Test("Reduce can wrap another reducer")
  func reduceWrapsReducer() {
    let store = Store(initialState: Counter.State()) { Reduce(Counter()) }
    store.send(.increment)
    #expect(store.state.count == 1)
  }

  @Test("the dependency modifier reaches the reducer and the effects it starts")
  func dependencyModifier() async {
    let store = TestStore(initialState: Stamper.State()) {
      Stamper().dependency(\.uuid, .incrementing)
    }
    await store.send(.stamp) { $0.stamps = [UUID(counting: 0)] }
    await store.receive(.stamped(UUID(counting: 1))) { $0.stamps.append(UUID(counting: 1)) }
    await store.finish()
  }

  @Test("a Scope on an enum case reports an action that arrives for another case")
  func scopeOnWrongCase() async {
    let store = TestStore(initialState: Path.State.counter(Counter.State())) { Path() }
    await withKnownIssue {
      await store.send(.screen(.presentChild))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("while the state was another case") }
    }
    await store.send(.counter(.increment)) { $0 = .counter(Counter.State(count: 1)) }
  }

  @Test("case paths embed, extract, modify and chain through presentation")
  func casePaths() {
    let sheet = CasePath<Router.Action, PresentationAction<Screen.Action>>.sheet
    let presented: CasePath<Router.Action, Screen.Action> = sheet.presented
    #expect(presented.embed(.load) == .sheet(.presented(.load)))
    #expect(presented.extract(from: .sheet(.presented(.load))) == .load)
    #expect(presented.extract(from: .sheet(.dismiss)) == nil)
    #expect(presented.extract(from: .presentSheet) == nil)
    var state = Path.State.counter(Counter.State())
    #expect(CasePath<Path.State, Counter.State>.counter.modify(&state) { $0.count = 5 })
    #expect(state == .counter(Counter.State(count: 5)))
    #expect(CasePath<Path.State, Screen.State>.screen.modify(&state) { $0.depth = 1 } == false)
  }
}
