import CoreDependencies
import CoreRouting
import CoreStore
import NavigationLogClient

/// One stack of screens: a screen at the bottom, always there, and the screens pushed over
/// it. The gate is one; each tab of the signed-in app is one. Every navigation request of its
/// screens (a screen's `.delegate(.navigate)`, or a request a reducer at any depth made with
/// `@Dependency(\.navigate)`) comes in as a command in terms of screens, is decided in one
/// place (``State/decide(_:signedIn:)``, below) and then carried out here; each screen that closes is
/// logged. A request for a tab's root is not pushed: the stack asks its parent for that tab
/// (``Action/Delegate/selectTab(_:)``), which the router shows (from the gate, signing in).
public struct ScreenStack: Reducer, Sendable {
  /// A stack: its bottom screen, the screens over it and the last refusal.
  public struct State: Equatable, Identifiable, Sendable {
    /// The screen at the bottom, always there under the stack.
    public var root: AppRouter.Path.State
    /// The screens pushed over the root, bottom first.
    public var path: StackState<AppRouter.Path.State>
    /// One line about a request that changed nothing ("Already at the first screen; …").
    public var notice: String?
    /// Whether the root screen was sent its appear action (once, the first time it shows).
    public var hasAppeared: Bool

    /// A stack over `root`.
    public init(
      root: AppRouter.Path.State,
      path: StackState<AppRouter.Path.State> = StackState(),
      notice: String? = nil,
      hasAppeared: Bool = false
    ) {
      self.root = root
      self.path = path
      self.notice = notice
      self.hasAppeared = hasAppeared
    }

    /// The root screen's name in the screen list: one stack per root (one per tab).
    public var id: String { root.screenName }

    /// Every screen of the stack, the root first.
    public var screens: [AppRouter.Path.State] { [root] + Array(path) }

    /// The screen on top.
    public var top: AppRouter.Path.State { path.last ?? root }
  }

  /// What can happen on a stack.
  public enum Action: CasePathable, Equatable, Sendable {
    /// The root screen's actions.
    case root(AppRouter.Path.Action)
    /// The pushed screens' actions.
    case path(StackActionOf<AppRouter.Path>)
    /// The stack shows (the gate at launch, a tab when it is first selected): its root is
    /// sent its appear action once, as `.task` would in SwiftUI.
    case onAppear
    /// The person typed `back` on the root screen.
    case backTapped
    /// A reducer of a screen of this stack, at any depth, asked for a screen with
    /// `@Dependency(\.navigate)`.
    case navigationRequested(NavigationRequest)
    /// Requests for the stack's parent.
    case delegate(Delegate)
    /// An action the work of a closed screen sent back as it ended
    /// (``AppRouter/Path/finishing(_:)``): the screen is gone, so nothing takes it.
    case closedScreen(AppRouter.Path.Action)

    /// What a stack asks of its parent.
    public enum Delegate: Equatable, Sendable {
      /// A screen asked for a tab's root screen: show that tab (from the gate, that means
      /// signing in) instead of pushing a second one.
      case selectTab(AppRouter.Tabs)
    }
  }

  /// The most screens a stack holds over its root: a push past it is refused with a notice,
  /// and a link or a saved session that names more is cut there.
  public static let maximumDepth = 100

  @Dependency(\.navigationLog) var navigationLog
  @Shared(.signedInName) var signedInName

  /// The reducer; the screens it can push come from `Screens.swift`.
  public init() {}

  /// The root screen, the stack's own logic, then the pushed screens; every request their
  /// effects make with `@Dependency(\.navigate)` comes back as `.navigationRequested`.
  public var body: some ReducerOf<Self> {
    CombineReducers {
      Scope(state: \.root, action: \.root) { AppRouter.Path.body }
      Reduce { state, action in
        switch action {
        case .root(let screenAction), .path(.element(_, let screenAction)):
          guard let command = screenAction.requestedNavigation else {
            state.notice = nil
            return .none
          }
          return carryOut(state.decide(Request(command), signedIn: signedInName != nil), &state)
        case .navigationRequested(let request):
          return carryOut(state.decide(Request(request), signedIn: signedInName != nil), &state)
        case .backTapped:
          return carryOut(state.decide(.pop, signedIn: signedInName != nil), &state)
        case .path(.popFrom(let id)):
          // A screen closed itself (dismiss): decided and closed here, as every other request;
          // `forEach` finds it gone.
          return carryOut(state.decide(.dismiss(id), signedIn: signedInName != nil), &state)
        case .onAppear:
          guard !state.hasAppeared else { return .none }
          state.hasAppeared = true
          guard let action = state.root.appearAction else { return .none }
          return .send(.root(action))
        case .path, .delegate:
          state.notice = nil
          return .none
        case .closedScreen:
          return .none
        }
      }
      .forEach(\.path, action: \.path)
    }
    // Every effect of this stack's screens runs with a `navigate` that sends its request here,
    // as `.navigationRequested`: the way `forEach` gives each screen a `dismiss` that sends
    // `.popFrom` (Core's NavigateEffect.swift).
    .navigationRequests(\.navigationRequested)
  }

  /// Replaces `stack` with `opened` (the stack a link names, built over a fresh root of the
  /// same kind): the screens it replaces finish what they owe, those pushed over the old root
  /// are logged as closed (`forEach` cancels their work), and the new pushed ones start.
  static func replace(_ stack: inout State, with opened: State) -> Effect<Action> {
    @Dependency(\.navigationLog) var navigationLog
    let closed = Array(stack.path.reversed())
    // The root is built anew too: it finishes what it owes, as the screens over it do.
    let finished = AppRouter.Path.finishing(closed + [stack.root])
    stack = opened
    var effects = [finished.map(Action.closedScreen), navigationLog.logClosed(closed)]
    for id in stack.path.ids {
      guard let action = stack.path[id: id]?.appearAction else { continue }
      effects.append(.send(.path(.element(id: id, action: action))))
    }
    return .merge(effects)
  }

  /// Carries out what ``State/decide(_:signedIn:)`` decided: a pushed screen starts (its appear action),
  /// the closed screens finish what they owe and are logged, a refusal shows.
  private func carryOut(_ decision: Decision, _ state: inout State) -> Effect<Action> {
    state.notice = nil
    switch decision {
    case .refuse(let reason):
      state.notice = reason.description
      return .none
    case .notSignedIn:
      state.notice = "Sign in first: signin NAME."
      return .none
    case .signOut:
      // The router's to carry out (``AppRouter``): a stack never asks for it.
      return .none
    case .showTab(let tab):
      return .send(.delegate(.selectTab(tab)))
    case .push(let screen):
      state.path.append(screen)
      // A pushed screen that loads starts loading now (what `.task` does in SwiftUI).
      guard let id = state.path.ids.last, let action = screen.appearAction else { return .none }
      return .send(.path(.element(id: id, action: action)))
    case .close(let above):
      let closing = state.path.ids.reversed().prefix { $0 != above }
      let closed = closing.compactMap { state.path[id: $0] }
      if let above {
        state.path.pop(to: above)
      } else {
        state.path.removeAll()
      }
      return .merge(
        AppRouter.Path.finishing(closed).map(Action.closedScreen),
        navigationLog.logClosed(closed))
    }
  }
}

// MARK: - The one decider

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
    /// `signout`: every stack closes and the gate shows again.
    case signOut
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
  /// (``ScreenStack/State/decide(_:signedIn:)``).
  public enum Decision: Equatable, Sendable {
    /// Push this screen over the top.
    case push(AppRouter.Path.State)
    /// Close every screen over the one with this id; nil closes every screen over the root.
    case close(above: StackElementID?)
    /// Show this tab instead: a tab's root is never pushed. From the gate, it signs in.
    case showTab(AppRouter.Tabs)
    /// Change nothing, and say why.
    case refuse(NavigationRefusal)
    /// Change nothing: at the gate, nobody is signed in (a gate screen asked for a tab before
    /// anybody did, or `signout`).
    case notSignedIn
    /// Sign out: the router closes every stack and shows the gate.
    case signOut
  }
}

extension ScreenStack.State {
  /// The one place that decides what a request does to this stack. ``ScreenStack`` carries
  /// out what it says, and a link is built screen by screen through it
  /// (``opening(_:over:hasAppeared:link:)``):
  ///
  /// - `push` of a tab's root shows that tab (this stack's own root: what is over it closes;
  ///   from the gate, it signs in, once a gate screen has set who is signed in); of any other
  ///   screen, pushes it, while the stack has room;
  /// - `pop` closes the top screen; `popToRoot` every screen over the root;
  /// - `popTo` closes the screens over the nearest one of that kind (the root counts);
  /// - `dismiss` closes the screen that asked and every screen over it;
  /// - a request in routes no screen declares is refused;
  /// - `signout` signs out, except at the gate, where nobody is signed in;
  /// - anything that would change nothing is refused, with the reason.
  public func decide(_ request: ScreenStack.Request, signedIn: Bool) -> ScreenStack.Decision {
    switch request {
    case .push(let screen):
      if let tab = AppRouter.Tabs(root: screen) {
        if isGate && !signedIn { return .notSignedIn }
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
    case .signOut:
      return isGate ? .notSignedIn : .signOut
    }
  }

  /// Whether this is the gate's stack (its root is the list's first screen).
  private var isGate: Bool {
    root.screenName == AppRouter.Path.State.gateScreen.screenName
  }

  /// Every screen over the root closed, or a refusal when there is none.
  private func closingAll() -> ScreenStack.Decision {
    path.isEmpty ? .refuse(.alreadyAtRoot) : .close(above: nil)
  }
}
