import CoreRouting
import Testing

/// The screens of a small app, and two modules' routes that name them.
enum RouteTableScreen: Equatable {
  case list
  case detail(Int)
}
enum RouteTableListRoute: NavigationRoute {
  case detail(id: Int)
}
enum RouteTableDetailRoute: NavigationRoute {
  case list
}
enum RouteTableUnlistedRoute: NavigationRoute {
  case anywhere
}

@Suite("RouteTable: a request made from any depth, in terms of screens")
struct RouteTableTests {
  private let table = RouteTable<RouteTableScreen>()
    .adding(RouteTableListRoute.self) { route in
      switch route {
      case .detail(let id): .detail(id)
      }
    }
    .adding(RouteTableDetailRoute.self) { _ in .list }

  @Test("each command comes out in terms of the screen its route names")
  func commandsMapToScreens() {
    #expect(
      table.command(for: NavigationRequest(.push(RouteTableListRoute.detail(id: 7))))
        == .push(.detail(7)))
    #expect(
      table.command(for: NavigationRequest(.popTo(RouteTableDetailRoute.list))) == .popTo(.list))
    #expect(
      table.command(for: NavigationRequest(NavigationCommand<RouteTableListRoute>.pop)) == .pop)
    #expect(
      table.command(for: NavigationRequest(NavigationCommand<RouteTableDetailRoute>.popToRoot))
        == .popToRoot)
  }

  @Test("a route type the table has no entry for is unknown, whatever the command")
  func unknownRouteType() {
    #expect(table.command(for: NavigationRequest(.push(RouteTableUnlistedRoute.anywhere))) == nil)
    #expect(
      table.command(for: NavigationRequest(NavigationCommand<RouteTableUnlistedRoute>.pop)) == nil)
    #expect(
      RouteTable<RouteTableScreen>().command(
        for: NavigationRequest(.push(RouteTableDetailRoute.list))) == nil)
  }

  @Test("a second entry for a route type replaces the first")
  func laterEntryWins() {
    let replaced = table.adding(RouteTableDetailRoute.self) { _ in .detail(0) }
    #expect(
      replaced.command(for: NavigationRequest(.push(RouteTableDetailRoute.list)))
        == .push(.detail(0)))
    #expect(
      table.command(for: NavigationRequest(.push(RouteTableDetailRoute.list))) == .push(.list))
  }
}
