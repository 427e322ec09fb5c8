/// The screens each module's routes name, by route type: how an app turns a request made from
/// any depth (a ``NavigationRequest``, which carries its route without the route's type) into
/// a command in terms of its own screens, with one lookup and no chain of casts.
///
/// `make generate` writes the App's table from the screen list, an entry per screen `Route`:
///
/// ```swift
/// static var routes: RouteTable<AppRouter.Path.State> {
///   RouteTable()
///     .adding(Hoge.Route.self, AppRouter.Path.State.init)  // Hoge.Route.fuga(name:) → .fuga(…)
///     .adding(ItemList.Route.self, AppRouter.Path.State.init)
/// }
/// ```
public struct RouteTable<Target> {
  private var screens: [ObjectIdentifier: (any NavigationRoute) -> Target?] = [:]

  /// An empty table: every request is unknown to it.
  public init() {}

  /// This table and `Route`'s cases, each mapped to the screen `screen` builds for it. A second
  /// entry for the same route type replaces the first.
  public func adding<Route: NavigationRoute>(
    _ type: Route.Type, _ screen: @escaping (Route) -> Target
  ) -> Self {
    var table = self
    table.screens[ObjectIdentifier(type)] = { route in (route as? Route).map(screen) }
    return table
  }

  /// The request's command in terms of screens: its route, if any, mapped to the screen it
  /// names. Nil when the table has no entry for the request's route type.
  public func command(for request: NavigationRequest) -> NavigationCommand<Target>? {
    guard let screen = screens[ObjectIdentifier(request.routeType)] else { return nil }
    switch request.anyCommand {
    case .push(let route): return screen(route).map { .push($0) }
    case .pop: return .pop
    case .popTo(let route): return screen(route).map { .popTo($0) }
    case .popToRoot: return .popToRoot
    }
  }
}
