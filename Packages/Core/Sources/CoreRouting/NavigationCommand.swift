/// A request to change the navigation stack, in terms of a feature's own routes.
///
/// Each feature declares a `Route` enum of the places it may ask to go and sends
/// `.delegate(.navigate(command))`; only the app knows how a route becomes a screen.
///
/// ```swift
/// enum Route: NavigationRoute { case hoge, fuga(name: String) }
/// return .send(.delegate(.navigate(.push(.fuga(name: state.name)))))
/// ```
public enum NavigationCommand<Route> {
  /// Shows the route's screen on top of the stack.
  case push(Route)
  /// Closes the top screen.
  case pop
  /// Closes every screen above the nearest one that shows `Route` (the stack's root counts).
  case popTo(Route)
  /// Closes every pushed screen, back to the stack's root.
  case popToRoot

  /// The same command for another route type.
  public func map<Other>(_ transform: (Route) -> Other) -> NavigationCommand<Other> {
    switch self {
    case .push(let route): .push(transform(route))
    case .pop: .pop
    case .popTo(let route): .popTo(transform(route))
    case .popToRoot: .popToRoot
    }
  }
}

extension NavigationCommand: Equatable where Route: Equatable {}
extension NavigationCommand: Hashable where Route: Hashable {}
extension NavigationCommand: Sendable where Route: Sendable {}
