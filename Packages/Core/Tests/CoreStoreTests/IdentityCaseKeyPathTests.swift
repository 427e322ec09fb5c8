import CoreStore
import CoreTesting
import Testing

/// TCA's NavigateAndLoad case study: an optional child whose actions are the parent's own,
/// `.ifLet(\.value, action: \.self)`, beside `Scope` and `store.scope` with `\.self`.
struct LoadedCounter: Reducer {
  struct State: Equatable {
    var value: Int?
    var settings = Settings()
  }

  struct Settings: Equatable {
    var isOn = false
  }

  enum Action: CasePathable, Equatable, Sendable {
    case increment
    case toggle
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.settings, action: \.self) {
      Reduce { settings, action in
        if action == .toggle { settings.isOn.toggle() }
        return .none
      }
    }
    Scope(\.settings, action: \.self) {
      Reduce { settings, action in
        if action == .toggle { settings.isOn.toggle() }
        return .none
      }
    }
    Reduce { _, _ in .none }
      .ifLet(\.value, action: \.self) {
        Reduce { value, action in
          if action == .increment { value += 1 }
          return .none
        }
      }
  }
}

@MainActor
@Suite("the identity case key path, \\.self")
struct IdentityCaseKeyPathTests {
  @Test("ifLet with \\.self runs the child while its state is there")
  func ifLetWithSelf() async {
    let store = TestStore(initialState: LoadedCounter.State(value: 1)) { LoadedCounter() }
    await store.send(.increment) { $0.value = 2 }
    // Both scopes toggle: on, then off again.
    await store.send(.toggle)
  }

  @Test("ifLet with \\.self reports an action while the child is absent")
  func ifLetWithSelfAbsent() async {
    let store = TestStore(initialState: LoadedCounter.State()) { LoadedCounter() }
    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("optional child that is nil") }
    }
  }

  @Test("store.scope with \\.self keeps the actions and narrows the state")
  func storeScope() {
    let store = Store(initialState: LoadedCounter.State(value: 5)) { LoadedCounter() }
    let settings = store.scope(state: \.settings, action: \.self)
    settings.send(.increment)
    #expect(store.value == 6)
    let value = store.scope(state: \.value, action: \.self)
    #expect(value?.state == 6)
    let absent = Store(initialState: LoadedCounter.State()) { LoadedCounter() }
    #expect(absent.scope(state: \.value, action: \.self) == nil)
    // Unlabeled, as TCA's newer releases write it.
    store.scope(\.settings, action: \.self).send(.increment)
    #expect(store.scope(\.value, action: \.self)?.state == 7)
    #expect(absent.scope(\.value, action: \.self) == nil)
  }

  @Test("the identity case path embeds and extracts every value as itself")
  func identity() {
    let path = CasePath<LoadedCounter.Action, LoadedCounter.Action>.identity
    #expect(path.extract(from: .toggle) == .toggle)
    #expect(path.embed(.increment) == .increment)
  }
}

/// TCA's NavigateAndLoad case study: a selection that is identified before its value loads,
/// whose counter runs only once it has: `EmptyReducer().ifLet(\.value, action: \.self)` inside
/// an `ifLet` over the optional selection.
struct NavigateAndLoad: Reducer {
  struct Counter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: CasePathable, Equatable, Sendable { case increment }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  struct State: Equatable {
    var selection: Identified<Int, Counter.State?>?
  }

  enum Action: CasePathable, Equatable, Sendable {
    case counter(Counter.Action)
    case loaded
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if action == .loaded { state.selection?.value = Counter.State() }
      return .none
    }
    .ifLet(\.selection, action: \.counter) {
      EmptyReducer().ifLet(\.value, action: \.self) { Counter() }
    }
  }
}

@MainActor
@Suite("\\.self inside an ifLet, as TCA's NavigateAndLoad writes it")
struct NavigateAndLoadTests {
  @Test("the counter runs once its value has loaded")
  func loadedCounter() async {
    let store = TestStore(initialState: NavigateAndLoad.State(selection: Identified(nil, id: 1))) {
      NavigateAndLoad()
    }
    await store.send(.loaded) { $0.selection?.value = NavigateAndLoad.Counter.State() }
    await store.send(.counter(.increment)) { $0.selection?.value?.count = 1 }
  }

  @Test("before its value loads, an action for the counter is reported")
  func notLoadedYet() async {
    let store = TestStore(initialState: NavigateAndLoad.State(selection: Identified(nil, id: 1))) {
      NavigateAndLoad()
    }
    await withKnownIssue {
      await store.send(.counter(.increment))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("optional child that is nil") }
    }
  }
}
