import CoreDependencies
import CoreRouting
import CoreStore
import Testing

/// The screens of a small app, and the routes a feature may ask for.
private enum Screen: Equatable {
  case list
  case detail(Int)
  case settings
}
private enum Route: Equatable, Sendable {
  case list
  case detail(Int)
  case settings
}

@Suite("Applying NavigationCommand to a StackState")
struct NavigationCommandTests {
  /// Applies a command with a generator that continues after the stack's ids.
  private func apply(
    _ command: NavigationCommand<Route>, to stack: inout StackState<Screen>, root: Screen? = nil
  ) -> NavigationOutcome {
    let next = StackElementID(generation: (stack.ids.map(\.generation).max() ?? -1) + 1)
    return withDependencies {
      $0.stackElementID = StackElementIDGenerator(startingAt: next)
    } operation: {
      stack.apply(command, root: root) { route in
        switch route {
        case .list: .list
        case .detail(let id): .detail(id)
        case .settings: .settings
        }
      } matches: { screen, route in
        switch (screen, route) {
        case (.list, .list), (.settings, .settings): true
        case (.detail, .detail): true
        default: false
        }
      }
    }
  }

  private func stack(_ screens: [Screen]) -> StackState<Screen> {
    var stack = StackState<Screen>()
    for (index, screen) in screens.enumerated() {
      stack.append(screen, id: StackElementID(generation: index))
    }
    return stack
  }

  // MARK: Empty stack

  @Test("push on an empty stack pushes under the next id")
  func pushOnEmpty() {
    var path = stack([])
    #expect(apply(.push(.detail(1)), to: &path) == .pushed(0))
    #expect(Array(path) == [.detail(1)])
  }

  @Test("pop, popTo and popToRoot on an empty stack are ignored, not crashes")
  func popsOnEmpty() {
    var path = stack([])
    #expect(apply(.pop, to: &path) == .ignored(.alreadyAtRoot))
    #expect(apply(.popTo(.list), to: &path) == .ignored(.routeNotOnStack("list")))
    #expect(apply(.popToRoot, to: &path) == .ignored(.alreadyAtRoot))
    #expect(path.isEmpty)
  }

  // MARK: One element

  @Test("pop on one element leaves an empty stack")
  func popOnOne() {
    var path = stack([.list])
    #expect(apply(.pop, to: &path) == .popped([0]))
    #expect(path.isEmpty)
  }

  @Test("popTo the only screen is ignored as already on top; another route as not open")
  func popToOnOne() {
    var path = stack([.list])
    #expect(apply(.popTo(.list), to: &path) == .ignored(.alreadyOnTop("list")))
    #expect(apply(.popTo(.detail(3)), to: &path) == .ignored(.routeNotOnStack("detail")))
    #expect(Array(path) == [.list])
  }

  @Test("popToRoot on one element pops it")
  func popToRootOnOne() {
    var path = stack([.settings])
    #expect(apply(.popToRoot, to: &path) == .popped([0]))
    #expect(path.isEmpty)
  }

  // MARK: Deep stacks

  @Test("pop on a deep stack removes only the top")
  func popOnDeep() {
    var path = stack([.list, .detail(1), .settings])
    #expect(apply(.pop, to: &path) == .popped([2]))
    #expect(Array(path) == [.list, .detail(1)])
  }

  @Test("popTo goes back to the nearest matching screen from the top")
  func popToNearest() {
    var path = stack([.list, .detail(1), .list, .detail(2), .settings])
    #expect(apply(.popTo(.list), to: &path) == .popped([4, 3]))
    #expect(path.ids == [0, 1, 2])
    #expect(apply(.popTo(.detail(9)), to: &path) == .popped([2]))
    #expect(Array(path) == [.list, .detail(1)])
  }

  @Test("popToRoot on a deep stack pops everything, top first")
  func popToRootOnDeep() {
    var path = stack(Array(repeating: .detail(0), count: 20))
    let outcome = apply(.popToRoot, to: &path)
    #expect(outcome.poppedIDs == (0..<20).reversed().map { StackElementID(generation: $0) })
    #expect(path.isEmpty)
    #expect(NavigationOutcome.pushed(1).poppedIDs == [])
  }

  @Test("push on a deep stack adds on top with a new id")
  func pushOnDeep() {
    var path = stack([.list, .detail(1)])
    #expect(apply(.push(.settings), to: &path) == .pushed(2))
    #expect(path.last == .settings)
  }

  // MARK: The first screen

  @Test("popTo a route that names the first screen pops every pushed screen")
  func popToTheFirstScreen() {
    var path = stack([.detail(1), .settings])
    #expect(apply(.popTo(.list), to: &path, root: .list) == .popped([1, 0]))
    #expect(path.isEmpty)
    #expect(apply(.popTo(.list), to: &path, root: .list) == .ignored(.alreadyOnTop("list")))
  }

  @Test("popTo prefers a pushed screen over the first screen; a route neither shows is refused")
  func popToPrefersPushed() {
    var path = stack([.detail(1), .list, .settings])
    #expect(apply(.popTo(.list), to: &path, root: .list) == .popped([2]))
    #expect(apply(.popTo(.detail(0)), to: &path, root: .settings) == .popped([1]))
    #expect(
      apply(.popTo(.settings), to: &path, root: .list) == .ignored(.routeNotOnStack("settings")))
    #expect(Array(path) == [.detail(1)])
  }

  @Test("without a first screen given, popTo matches pushed screens only, as before")
  func popToWithoutRoot() {
    var path = stack([.detail(1)])
    #expect(apply(.popTo(.list), to: &path) == .ignored(.routeNotOnStack("list")))
  }

  @Test("pop and popToRoot need no route type: a router's own back on the first screen")
  func routeLessCommands() {
    var path = stack([.list, .detail(1)])
    #expect(path.apply(NavigationCommand<Never>.pop) == .popped([1]))
    #expect(path.apply(NavigationCommand<Never>.popToRoot) == .popped([0]))
    #expect(path.apply(NavigationCommand<Never>.pop) == .ignored(.alreadyAtRoot))
    #expect(path.apply(NavigationCommand<Never>.popToRoot) == .ignored(.alreadyAtRoot))
  }

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
