import CoreDependencies
import CoreRouting
import CoreStore

/// A screen that shows what it was given and offers every way back: `back` (dismiss),
/// `root` (popToRoot), `popto` a screen one of its routes names (popTo), and a command that
/// pushes a new screen on top (so stacks can grow deep and recurse).
public struct Fuga: Reducer, Sendable {
  /// Where Fuga may ask to go.
  public enum Route: NavigationRoute, CaseIterable {
    /// A Hoge screen: pushed anew, or the nearest one to go back to.
    case hoge
    /// The home screen: the nearest one to go back to (the first screen counts).
    case entry
  }

  /// What the screen holds: the name it was opened with.
  public struct State: Equatable, Sendable {
    /// The name the screen was opened with.
    public var name: String

    /// Fuga showing `name`.
    public init(name: String) {
      self.name = name
    }
  }

  /// What can happen on Fuga.
  public enum Action: Equatable, Sendable {
    /// Go back one screen.
    case backTapped
    /// Go back to the first screen.
    case rootTapped
    /// Go back to the nearest screen a route names.
    case popToTapped(Route)
    /// Open a new Hoge on top.
    case hogeTapped
    /// Requests for whoever assembles the app.
    case delegate(Delegate)

    /// What Fuga asks of its parent.
    public enum Delegate: Equatable, Sendable {
      /// Change the navigation stack.
      case navigate(NavigationCommand<Route>)
    }
  }

  @Dependency(\.dismiss) var dismiss

  /// The reducer; Fuga takes nothing to configure (its `dismiss` is a dependency).
  public init() {}

  /// Turns each request into a dismiss or a navigation command.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .backTapped:
      return .run { _ in await dismiss() }
    case .rootTapped:
      return .send(.delegate(.navigate(.popToRoot)))
    case .popToTapped(let route):
      return .send(.delegate(.navigate(.popTo(route))))
    case .hogeTapped:
      return .send(.delegate(.navigate(.push(.hoge))))
    case .delegate:
      return .none
    }
  }
}

extension Fuga: Screen {
  /// "Fuga", in the breadcrumb and the log.
  public static let title = "Fuga"
}
