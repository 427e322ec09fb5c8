import CoreDependencies
import CoreStore
import CoreTesting
import Testing

/// A login form written as TCA's docs write one with `@ViewAction` (the macros expanded): the
/// view's actions, bindings included, on a nested `View` enum, applied by
/// `BindingReducer(action: \.view)`.
struct LoginFeature: Reducer {
  struct State: Equatable {
    var email = ""
    var password = ""
    var isFormValid = false
    var isLoggingIn = false
  }

  enum Action: ViewAction, CasePathable, Equatable, Sendable {
    case view(View)
    case loginResponse(Bool)

    enum View: BindableAction, CasePathable, Equatable, Sendable {
      case binding(BindingAction<State>)
      case loginButtonTapped
    }
  }

  var body: some ReducerOf<Self> {
    BindingReducer(action: \.view)
    Reduce { state, action in
      switch action {
      case .view(.binding):
        state.isFormValid = !state.email.isEmpty && !state.password.isEmpty
        return .none
      case .view(.loginButtonTapped):
        state.isLoggingIn = true
        return .send(.loginResponse(true))
      case .loginResponse:
        state.isLoggingIn = false
        return .none
      }
    }
  }
}

/// What `@ViewAction(for:)` writes into a view: `send` of a view action.
@MainActor
struct LoginView {
  let store: StoreOf<LoginFeature>

  func send(_ action: LoginFeature.Action.View) {
    store.send(.view(action))
  }
}

@MainActor
@Suite("ViewAction and BindingReducer(action: \\.view), in TCA's spelling")
struct TCAViewActionTests {
  @Test("bindings on the view enum are applied before the reducer after them sees the action")
  func bindingsThroughTheView() async {
    let store = TestStore(initialState: LoginFeature.State()) { LoginFeature() }
    await store.send(.view(.set(\.email, "blob@pointfree.co"))) {
      $0.email = "blob@pointfree.co"
    }
    await store.send(.view(.set(\.password, "secret"))) {
      $0.password = "secret"
      $0.isFormValid = true
    }
    await store.send(\.view.loginButtonTapped) {
      $0.isLoggingIn = true
    }
    await store.receive(\.loginResponse) {
      $0.isLoggingIn = false
    }
  }

  @Test("a binding the test did not assert fails the step, as TCA's")
  func unassertedBinding() async {
    let store = TestStore(initialState: LoginFeature.State()) { LoginFeature() }
    await withKnownIssue {
      await store.send(.view(.set(\.email, "blob@pointfree.co")))
    }
  }

  @Test("a view's send wraps its action in .view, as the macro's does")
  func viewSends() {
    let store = Store(initialState: LoginFeature.State()) { LoginFeature() }
    LoginView(store: store).send(.set(\.email, "a@b.c"))
    #expect(store.state.email == "a@b.c")
    #expect(LoginFeature.Action.view(.loginButtonTapped) == .view(.loginButtonTapped))
  }
}
