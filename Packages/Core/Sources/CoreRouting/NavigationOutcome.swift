import CoreStore

/// What applying a ``NavigationCommand`` did. A command that cannot apply is not an error and
/// never a crash: it comes back as ``ignored(_:)`` with the reason, for the app to show.
///
/// ```swift
/// switch state.path.apply(.pop, ...) {
/// case .ignored(let reason): state.notice = reason.description
/// default: break
/// }
/// ```
public enum NavigationOutcome: Equatable, Sendable {
  /// A screen was pushed under this id.
  case pushed(StackElementID)
  /// These screens were popped, top first.
  case popped([StackElementID])
  /// Nothing changed, for this reason.
  case ignored(NavigationRefusal)

  /// The ids of the popped screens (empty unless ``popped(_:)``).
  public var poppedIDs: [StackElementID] {
    if case .popped(let ids) = self { ids } else { [] }
  }
}

/// Why a navigation command changed nothing.
public enum NavigationRefusal: Equatable, Sendable, CustomStringConvertible {
  /// `pop` or `popToRoot` with no pushed screen: already at the first screen.
  case alreadyAtRoot
  /// `popTo` a route whose screen is not on the stack.
  case routeNotOnStack(String)
  /// `popTo` the route whose screen is already on top.
  case alreadyOnTop(String)
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
    case .unknownRoutes(let request):
      "No screen of the app takes \(request); nothing changed (its module's Route must be "
        + "the Route of a screen in the screen list)."
    }
  }
}
