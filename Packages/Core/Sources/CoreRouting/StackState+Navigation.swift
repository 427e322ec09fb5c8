import CoreDependencies
import CoreStore

extension StackState {
  /// Applies a navigation command to this stack.
  ///
  /// - Parameters:
  ///   - command: What the feature asked for.
  ///   - element: How to build the screen for a route (used by `push`).
  ///   - root: The first screen, under the stack, if it is a screen `popTo` may name: a route
  ///     that matches no pushed screen but matches it pops every pushed screen.
  ///   - matches: Whether a screen shows a route (used by `popTo`; the nearest match from the
  ///     top wins).
  /// - Returns: What changed, or why nothing did. Never traps: pop at the root, popTo a route
  ///   that is not open and popToRoot on an empty stack are ``NavigationOutcome/ignored(_:)``.
  ///
  /// ```swift
  /// let outcome = state.path.apply(command) { route in
  ///   switch route { case .detail(let name): .detail(Detail.State(name: name)) }
  /// } matches: { element, route in
  ///   if case .detail = element, case .detail = route { true } else { false }
  /// }
  /// ```
  @discardableResult
  public mutating func apply<Route>(
    _ command: NavigationCommand<Route>,
    root: Element? = nil,
    element: (Route) -> Element,
    matches: (Element, Route) -> Bool
  ) -> NavigationOutcome {
    switch command {
    case .push(let route):
      @Dependency(\.stackElementID) var nextID
      let id = nextID()
      append(element(route), id: id)
      return .pushed(id)
    case .pop:
      return popTop()
    case .popTo(let route):
      guard let index = lastIndex(where: { matches($0, route) }) else {
        guard let root, matches(root, route) else {
          return .ignored(.routeNotOnStack(Self.name(of: route)))
        }
        if isEmpty { return .ignored(.alreadyOnTop(Self.name(of: route))) }
        return .popped(removeAll())
      }
      if index == ids.count - 1 {
        return .ignored(.alreadyOnTop(Self.name(of: route)))
      }
      return .popped(pop(to: ids[index]))
    case .popToRoot:
      return popAll()
    }
  }

  /// Applies a command that names no route (`pop`, `popToRoot`): what a router does for a
  /// `back` typed on its first screen, without borrowing a feature's route type.
  @discardableResult
  public mutating func apply(_ command: NavigationCommand<Never>) -> NavigationOutcome {
    switch command {
    case .pop: popTop()
    case .popToRoot: popAll()
    }
  }

  private mutating func popTop() -> NavigationOutcome {
    guard let top = ids.last else { return .ignored(.alreadyAtRoot) }
    return .popped(pop(from: top))
  }

  private mutating func popAll() -> NavigationOutcome {
    guard !isEmpty else { return .ignored(.alreadyAtRoot) }
    return .popped(removeAll())
  }

  /// The route's case name, like `hoge` for `.hoge(name: "x")`.
  private static func name<Route>(of route: Route) -> String {
    let text = "\(route)"
    return String(text.prefix { $0 != "(" })
  }
}
