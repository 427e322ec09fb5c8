import CoreRouting
import Testing

/// The routes a feature may ask for.
private enum Route: Equatable, Sendable {
  case list
  case detail(Int)
  case settings
}

/// A command is plain data: the App turns it into screens and decides what it does
/// (`ScreenStack.State.decide` in the App, tested there); Core gives it `map` and the reasons
/// a request changes nothing.
@Suite("NavigationCommand and NavigationRefusal")
struct NavigationCommandTests {
  // MARK: The command type

  @Test("map carries a feature's route into the app's")
  func mapRoutes() {
    let command: NavigationCommand<Int> = .push(3)
    #expect(command.map { Route.detail($0) } == .push(.detail(3)))
    #expect(NavigationCommand<Int>.pop.map { Route.detail($0) } == .pop)
    #expect(NavigationCommand<Int>.popTo(1).map { Route.detail($0) } == .popTo(.detail(1)))
    #expect(NavigationCommand<Int>.popToRoot.map { Route.detail($0) } == .popToRoot)
  }

  @Test("refusals read as one line for a person")
  func refusalMessages() {
    #expect(NavigationRefusal.alreadyAtRoot.description.contains("first screen"))
    #expect(
      NavigationRefusal.routeNotOnStack("hoge").description
        == "No hoge screen is open; nothing was closed.")
    #expect(
      NavigationRefusal.alreadyOnTop("fuga").description == "The fuga screen is already on top.")
  }
}
