import CoreDependencies
import CoreStore

extension StackState {
  /// Applies a navigation command to this stack.
  ///
  /// - Parameters:
  ///   - command: What the feature asked for.
  ///   - element: How to build the screen for a route (used by `push`).
  ///   - matches: Whether a screen on the stack shows a route (used by `popTo`; the nearest
  ///     match from the top wins).
  /// - Returns: What changed, or why nothing did. Never traps: pop at the root, popTo a route
  ///   that is not on the stack and popToRoot on an empty stack are ``NavigationOutcome/ignored(_:)``.
  ///
  /// ```swift
  /// let outcome = state.path.apply(command) { route in
  ///   switch route { case .fuga(let name): .fuga(FugaFeature.State(name: name)) }
  /// } matches: { element, route in
  ///   if case .fuga = element, case .fuga = route { true } else { false }
  /// }
  /// ```
  @discardableResult
  public mutating func apply<Route>(
    _ command: NavigationCommand<Route>,
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
      guard let top = ids.last else { return .ignored(.alreadyAtRoot) }
      return .popped(pop(from: top))
    case .popTo(let route):
      guard let index = lastIndex(where: { matches($0, route) }) else {
        return .ignored(.routeNotOnStack(Self.name(of: route)))
      }
      if index == ids.count - 1 {
        return .ignored(.alreadyOnTop(Self.name(of: route)))
      }
      return .popped(pop(to: ids[index]))
    case .popToRoot:
      guard !isEmpty else { return .ignored(.alreadyAtRoot) }
      return .popped(removeAll())
    }
  }

  /// The route's case name, like `hoge` for `.hoge(name: "x")`.
  private static func name<Route>(of route: Route) -> String {
    let text = "\(route)"
    return String(text.prefix { $0 != "(" })
  }
}
