import CoreRouting
import CoreStore

extension ScreenStack {
  /// A request to change a stack, however it came: a screen's `.delegate(.navigate(_))`, a
  /// request made with `@Dependency(\.navigate)` from any depth, `back` typed on the root
  /// (`pop`), a screen that closed itself (`dismiss`), or a link's next screen (`push`).
  public enum Request: Equatable, Sendable {
    /// Show this screen over the top.
    case push(AppRouter.Path.State)
    /// Close the top screen.
    case pop
    /// Close the screens over the nearest one of this kind.
    case popTo(AppRouter.Path.State)
    /// Close every screen over the root.
    case popToRoot
    /// The screen with this id closed itself (`dismiss()`): it and the screens over it go.
    case dismiss(StackElementID)
    /// A request made with `@Dependency(\.navigate)` in routes no screen of the list
    /// declares (described).
    case unknownRoutes(String)

    /// A command of a screen's, in terms of the App's screens.
    public init(_ command: NavigationCommand<AppRouter.Path.State>) {
      switch command {
      case .push(let screen): self = .push(screen)
      case .pop: self = .pop
      case .popTo(let screen): self = .popTo(screen)
      case .popToRoot: self = .popToRoot
      }
    }

    /// A request made with `@Dependency(\.navigate)`, its routes looked up in the screens'
    /// route table.
    public init(_ request: NavigationRequest) {
      guard let command = AppRouter.Path.State.routes.command(for: request) else {
        self = .unknownRoutes(request.description)
        return
      }
      self.init(command)
    }
  }

  /// What a request does to a stack, decided before anything changes
  /// (``ScreenStack/State/decide(_:)``).
  public enum Decision: Equatable, Sendable {
    /// Push this screen over the top.
    case push(AppRouter.Path.State)
    /// Close every screen over the one with this id; nil closes every screen over the root.
    case close(above: StackElementID?)
    /// Show this tab instead: a tab's root is never pushed. From the gate, it signs in.
    case showTab(AppRouter.Tabs)
    /// Change nothing, and say why.
    case refuse(NavigationRefusal)
  }
}

extension ScreenStack.State {
  /// The one place that decides what a request does to this stack. ``ScreenStack`` carries
  /// out what it says, and a link is built screen by screen through it
  /// (``opening(_:over:hasAppeared:link:)``):
  ///
  /// - `push` of a tab's root shows that tab (this stack's own root: what is over it closes);
  ///   of any other screen, pushes it, while the stack has room;
  /// - `pop` closes the top screen; `popToRoot` every screen over the root;
  /// - `popTo` closes the screens over the nearest one of that kind (the root counts);
  /// - `dismiss` closes the screen that asked and every screen over it;
  /// - a request in routes no screen declares is refused;
  /// - anything that would change nothing is refused, with the reason.
  public func decide(_ request: ScreenStack.Request) -> ScreenStack.Decision {
    switch request {
    case .push(let screen):
      if let tab = AppRouter.Tabs(root: screen) {
        guard screen.screenName == root.screenName else { return .showTab(tab) }
        return closingAll()
      }
      guard path.count < ScreenStack.maximumDepth else {
        return .refuse(.stackFull(ScreenStack.maximumDepth))
      }
      return .push(screen)
    case .pop:
      guard !path.isEmpty else { return .refuse(.alreadyAtRoot) }
      return .close(above: path.ids.dropLast().last)
    case .popTo(let screen):
      let name = screen.screenName
      guard let index = path.lastIndex(where: { $0.screenName == name }) else {
        guard root.screenName == name else { return .refuse(.routeNotOnStack(name)) }
        return path.isEmpty ? .refuse(.alreadyOnTop(name)) : .close(above: nil)
      }
      guard index < path.count - 1 else { return .refuse(.alreadyOnTop(name)) }
      return .close(above: path.ids[index])
    case .popToRoot:
      return closingAll()
    case .dismiss(let id):
      // A screen no longer on the stack closes nothing: everything over the top is nothing.
      guard let index = path.ids.firstIndex(of: id) else { return .close(above: path.ids.last) }
      return .close(above: index == 0 ? nil : path.ids[index - 1])
    case .unknownRoutes(let request):
      return .refuse(.unknownRoutes(request))
    }
  }

  /// Every screen over the root closed, or a refusal when there is none.
  private func closingAll() -> ScreenStack.Decision {
    path.isEmpty ? .refuse(.alreadyAtRoot) : .close(above: nil)
  }
}
