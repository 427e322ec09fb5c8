import CoreDependencies
import CoreRouting
import CoreStore

/// The first-run setup a name goes through once: it says what the app offers, and `done`
/// records the name as set up (so the next sign-in goes straight home), signs it in and asks
/// for home. `back` returns to the gate without signing in.
public struct Setup: Reducer, Sendable {
  /// Where Setup may ask to go.
  public enum Route: NavigationRoute {
    /// The app's home screen (the first tab's).
    case entry
  }

  /// What setup holds: the name being set up.
  public struct State: Equatable, Sendable {
    /// The name that signed in for the first time.
    public var name: String

    /// Setup for `name`.
    public init(name: String) {
      self.name = name
    }
  }

  /// What can happen during setup.
  public enum Action: Equatable, Sendable {
    /// The person typed `done`.
    case doneTapped
    /// The person asked to go back to the gate.
    case backTapped
    /// Requests for whoever assembles the app.
    case delegate(Delegate)

    /// What Setup asks of its parent.
    public enum Delegate: Equatable, Sendable {
      /// Change the navigation stack.
      case navigate(NavigationCommand<Route>)
    }
  }

  @Shared(.setUpNames) var setUpNames
  @Shared(.signedInName) var signedInName
  @Dependency(\.dismiss) var dismiss

  /// The reducer; it records set-up names in `.appStorage`.
  public init() {}

  /// `done` records the name and signs it in; `back` dismisses.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .doneTapped:
      let key = SignIn.key(of: state.name)
      $setUpNames.withLock { names in
        if !names.contains(key) { names.append(key) }
      }
      $signedInName.withLock { $0 = state.name }
      return .send(.delegate(.navigate(.push(.entry))))
    case .backTapped:
      return .run { _ in await dismiss() }
    case .delegate:
      return .none
    }
  }
}

extension Setup: Screen {
  /// "Setup", in the breadcrumb and the log.
  public static let title = "Setup"
}
