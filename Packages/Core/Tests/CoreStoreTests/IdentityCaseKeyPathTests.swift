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
  }

  @Test("the identity case path embeds and extracts every value as itself")
  func identity() {
    let path = CasePath<LoadedCounter.Action, LoadedCounter.Action>.identity
    #expect(path.extract(from: .toggle) == .toggle)
    #expect(path.embed(.increment) == .increment)
  }
}
