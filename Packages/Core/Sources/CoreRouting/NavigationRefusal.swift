import CoreStore

/// Why a navigation command changed nothing: a request that cannot apply is not an error and
/// never a crash, but a one-line reason the app shows a person.
public enum NavigationRefusal: Equatable, Sendable, CustomStringConvertible {
  /// `pop` or `popToRoot` with no screen over the stack's root (which a person sees as the
  /// first screen of the stack).
  case alreadyAtRoot
  /// `popTo` a route whose screen is not on the stack.
  case routeNotOnStack(String)
  /// `popTo` the route whose screen is already on top.
  case alreadyOnTop(String)
  /// `push` on a stack that holds the most screens it can over its root (the number).
  case stackFull(Int)
  /// A request (``NavigationRequest``) in terms of routes no screen of the app's list
  /// declares: the module that asked has no screen the app can push from.
  case unknownRoutes(String)

  /// A one-line message for a person.
  public var description: String {
    switch self {
    case .alreadyAtRoot:
      "Already at the first screen; there is nothing to go back to."
    case .routeNotOnStack(let route):
      "No \(route) screen is open; nothing was closed."
    case .alreadyOnTop(let route):
      "The \(route) screen is already on top."
    case .stackFull(let most):
      "A stack holds at most \(most) screens over its first; go back before opening another."
    case .unknownRoutes(let request):
      "No screen of the app takes \(request); nothing changed (its module's Route must be "
        + "the Route of a screen in the screen list)."
    }
  }
}
