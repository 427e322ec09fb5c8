import CoreDependencies
import CoreRouting
import CoreStore
import Foundation

/// The gate in front of the app: a person signs in with a name. The first time a name signs
/// in it goes on to ``Setup``; after that, straight to the app's home screen. Which names are
/// set up is a setting (`.appStorage`), so tests and previews decide it in memory.
///
/// SignIn knows no other feature: it asks for home through its own ``Route``, like every
/// screen, and whoever assembles the app decides what home is.
public struct SignIn: Reducer, Sendable {
  /// The longest name SignIn accepts.
  public static let maximumNameLength = 40

  /// Where SignIn may ask to go.
  public enum Route: NavigationRoute {
    /// The first-run setup, for a name that has never signed in here.
    case setup(name: String)
    /// The app's home screen (the first tab's), once signed in.
    case entry
  }

  /// What the gate holds: why the last attempt was refused, if it was.
  public struct State: Equatable, Sendable {
    /// One line that says why the last `signin` was refused.
    public var message: String?

    /// The gate as the app opens it.
    public init(message: String? = nil) {
      self.message = message
    }
  }

  /// What can happen at the gate.
  public enum Action: Equatable, Sendable {
    /// The person typed `signin NAME`.
    case signInTapped(name: String)
    /// Requests for whoever assembles the app.
    case delegate(Delegate)

    /// What SignIn asks of its parent.
    public enum Delegate: Equatable, Sendable {
      /// Change the navigation stack.
      case navigate(NavigationCommand<Route>)
    }
  }

  @Shared(.setUpNames) var setUpNames
  @Shared(.signedInName) var signedInName

  /// The reducer; the gate reads the names set up so far from `.appStorage`.
  public init() {}

  /// Checks the name, then asks for setup (a new name) or for home (a known one, signed in).
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .signInTapped(let typed):
      let name = typed.trimmingCharacters(in: .whitespaces)
      if let refusal = Self.refusal(of: name) {
        state.message = refusal
        return .none
      }
      state.message = nil
      guard setUpNames.contains(Self.key(of: name)) else {
        return .send(.delegate(.navigate(.push(.setup(name: name)))))
      }
      $signedInName.withLock { $0 = name }
      return .send(.delegate(.navigate(.push(.entry))))
    case .delegate:
      return .none
    }
  }

  /// Why a typed name cannot sign in, or nil when it can.
  static func refusal(of name: String) -> String? {
    if name.isEmpty {
      return "Type a name to sign in with: signin Ann."
    }
    if name.count > maximumNameLength {
      return "A name has at most \(maximumNameLength) characters; this one has \(name.count)."
    }
    if name.contains(where: { $0.isNewline || $0 == "/" || $0 == "?" || $0 == "&" }) {
      return "A name cannot hold / ? & or a line break (they would break its links); "
        + "choose another."
    }
    return nil
  }

  /// The name as the set-up list keeps it: Ann and ann are one person.
  static func key(of name: String) -> String {
    name.lowercased()
  }
}

extension SignIn: Screen {
  /// "Sign in", in the breadcrumb and the log.
  public static let title = "Sign in"
}
