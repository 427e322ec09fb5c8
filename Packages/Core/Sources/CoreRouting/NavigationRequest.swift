/// A navigation request made from any depth with ``NavigateEffect``: a command in terms of one
/// module's routes, carried without its route type so that one router action can hold any
/// module's request. The router turns it into its screens with one lookup in a ``RouteTable``
/// that `make generate` writes from the screen list (or back into the module's routes with
/// ``command(as:)``).
public struct NavigationRequest: Equatable, Sendable, CustomStringConvertible, CustomReflectable {
  /// The module's route type the command is in terms of.
  let routeType: any NavigationRoute.Type
  private let command: NavigationCommand<any NavigationRoute>

  /// A request for `command`.
  public init<Route: NavigationRoute>(_ command: NavigationCommand<Route>) {
    self.routeType = Route.self
    self.command = command.map { $0 }
  }

  /// The command with its route as any route: for saying what a request asks, not for
  /// carrying it out (``command(as:)`` gets the module's routes back).
  public var anyCommand: NavigationCommand<any NavigationRoute> { command }

  /// The command, when it is in terms of `Route`; nil for another module's routes.
  public func command<Route: NavigationRoute>(as type: Route.Type) -> NavigationCommand<Route>? {
    guard routeType == type else { return nil }
    switch command {
    case .push(let route): return (route as? Route).map { .push($0) }
    case .pop: return .pop
    case .popTo(let route): return (route as? Route).map { .popTo($0) }
    case .popToRoot: return .popToRoot
    }
  }

  /// Equal when they name the same route type and equal commands.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.routeType == rhs.routeType else { return false }
    switch (lhs.command, rhs.command) {
    case (.push(let left), .push(let right)), (.popTo(let left), .popTo(let right)):
      return isEqual(left, right)
    case (.pop, .pop), (.popToRoot, .popToRoot):
      return true
    default:
      return false
    }
  }

  /// `.push(ItemList.Route.hoge(name: "Milk"))`.
  public var description: String {
    // `ListFeature.List.Route` is `List.Route`; a private type's
    // `(unknown context at $…)` says nothing to a reader.
    let type = String(reflecting: routeType).split(separator: ".").dropFirst()
      .filter { !$0.hasPrefix("(") }.joined(separator: ".")
    switch command {
    case .push(let route): return ".push(\(type).\(describe(route)))"
    case .pop: return ".pop (\(type))"
    case .popTo(let route): return ".popTo(\(type).\(describe(route)))"
    case .popToRoot: return ".popToRoot (\(type))"
    }
  }

  /// Shown in traces and test failures as its ``description``:
  /// `.navigationRequested(.push(ItemList.Route.hoge(name: "Milk")))`.
  public var customMirror: Mirror {
    Mirror(self, children: [], displayStyle: nil)
  }

  private func describe(_ route: any NavigationRoute) -> String {
    let text = String(describing: route)
    return text.hasPrefix(".") ? String(text.dropFirst()) : text
  }
}

/// Whether two routes are of one type and equal.
private func isEqual<Route: NavigationRoute>(_ lhs: Route, _ rhs: any NavigationRoute) -> Bool {
  lhs == (rhs as? Route)
}
