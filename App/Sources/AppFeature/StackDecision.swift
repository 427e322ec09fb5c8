import CoreRouting
import CoreStore

extension ScreenStack {
  /// What a navigation request does to a stack, decided before anything changes
  /// (``ScreenStack/State/decide(_:)``).
  public enum Decision: Equatable, Sendable {
    /// Push this screen over the top.
    case push(AppRouter.Path.State)
    /// Close every screen over the one with this id; nil closes every screen over the root.
    case close(above: StackElementID?)
    /// Show this tab instead: a tab's root is never pushed. From the gate, it signs in.
    case showTab(AppRouter.Tabs)
    /// Change nothing, and say why.
    case refuse(String)
  }
}

extension ScreenStack.State {
  /// The one place that decides what a request does to this stack, whichever way a screen
  /// asked (its `.delegate(.navigate(_))`, or `@Dependency(\.navigate)` from any depth):
  ///
  /// - `push` of a tab's root shows that tab (this stack's own root: what is over it closes);
  ///   of any other screen, pushes it, while the stack has room;
  /// - `pop` closes the top screen; `popToRoot` every screen over the root;
  /// - `popTo` closes the screens over the nearest one of that kind (the root counts);
  /// - anything that would change nothing is refused, with the reason.
  public func decide(_ command: NavigationCommand<AppRouter.Path.State>) -> ScreenStack.Decision {
    switch command {
    case .push(let screen):
      if let tab = AppRouter.Tabs(root: screen) {
        guard screen.screenName == root.screenName else { return .showTab(tab) }
        return closingAll()
      }
      guard path.count < ScreenStack.maximumDepth else {
        return .refuse(
          "A stack holds at most \(ScreenStack.maximumDepth) screens over its first; go back "
            + "before opening another.")
      }
      return .push(screen)
    case .pop:
      guard !path.isEmpty else { return .refuse(NavigationRefusal.alreadyAtRoot.description) }
      return .close(above: path.ids.dropLast().last)
    case .popTo(let screen):
      let name = screen.screenName
      guard let index = path.lastIndex(where: { $0.screenName == name }) else {
        guard root.screenName == name else {
          return .refuse(NavigationRefusal.routeNotOnStack(name).description)
        }
        return path.isEmpty
          ? .refuse(NavigationRefusal.alreadyOnTop(name).description) : .close(above: nil)
      }
      guard index < path.count - 1 else {
        return .refuse(NavigationRefusal.alreadyOnTop(name).description)
      }
      return .close(above: path.ids[index])
    case .popToRoot:
      return closingAll()
    }
  }

  /// Every screen over the root closed, or a refusal when there is none.
  private func closingAll() -> ScreenStack.Decision {
    path.isEmpty ? .refuse(NavigationRefusal.alreadyAtRoot.description) : .close(above: nil)
  }
}
