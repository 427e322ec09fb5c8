import CoreDependencies
import CoreRouting
import CoreStore
import NavigationLogClient

/// One stack of screens: a screen at the bottom, always there, and the screens pushed over
/// it. The gate is one; each tab of the signed-in app is one. It carries out every navigation
/// request of its screens through the generated `Path.navigate` (a screen's
/// `.delegate(.navigate)`, or a request a reducer at any depth made with
/// `@Dependency(\.navigate)`), and logs each screen that closes. A request that names a tab's
/// root screen is not pushed: the stack asks its parent for that tab
/// (``Action/Delegate/selectTab(_:)``), which the App decides.
public struct ScreenStack: Reducer, Sendable {
  /// A stack: its bottom screen, the screens over it and the last refusal.
  public struct State: Equatable, Identifiable, Sendable {
    /// The screen at the bottom, always there under the stack.
    public var root: AppRouter.Path.State
    /// The screens pushed over the root, bottom first.
    public var path: StackState<AppRouter.Path.State>
    /// One line about a request that changed nothing ("already at the first screen").
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
    /// Replace the stack with the screens a link names (the router checked it opens).
    case linkOpened(NavigationLink)
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

  /// The reducer; the screens it can push come from `Screens.swift`.
  public init() {}

  /// The root screen, the stack's own logic, then the pushed screens; every request their
  /// effects make with `@Dependency(\.navigate)` comes back as `.navigationRequested`.
  public var body: some ReducerOf<Self> {
    CombineReducers {
      Scope(state: \.root, action: \.root) { AppRouter.Path() }
      Reduce { state, action in
        switch action {
        case .root(let screenAction), .path(.element(_, let screenAction)):
          let first = state.root
          let effect = navigate(&state) {
            AppRouter.Path.navigate(screenAction, on: &$0, first: first)
          }
          guard let effect else {
            state.notice = nil
            return .none
          }
          return effect
        case .navigationRequested(let request):
          let first = state.root
          return navigate(&state) { AppRouter.Path.navigate(request, on: &$0, first: first) }
            ?? .none
        case .path(.popFrom(let id)):
          // A screen closed itself (dismiss): log it and everything above it. `forEach` removes
          // them after this; closing the bottom screen uncovers the root.
          state.notice = nil
          let closed = state.path.ids.drop { $0 != id }.reversed().compactMap {
            state.path[id: $0]
          }
          return navigationLog.logClosed(closed)
        case .backTapped:
          let before = state.path
          return carryOut(state.path.apply(NavigationCommand<Never>.pop), &state, before: before)
        case .linkOpened(let link):
          return open(link, &state)
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
      .forEach(\.path, action: \.path) { AppRouter.Path() }
    }
    .navigationRequests(\.navigationRequested)
  }

  /// The stack a link names, over a fresh root of this stack's kind; the screens it replaces
  /// are logged as closed (and `forEach` cancels their work), the pushed ones start.
  private func open(_ link: NavigationLink, _ state: inout State) -> Effect<Action> {
    let rest = AppRouter.Tabs.split(link).rest
    let root = AppRouter.Tabs(root: state.root)?.root ?? .first
    let (built, refusal) = State.opening(
      rest, over: root, hasAppeared: state.hasAppeared, link: link)
    if let refusal {
      state.notice = refusal
      return .none
    }
    let closed = state.path.reversed()
    // The root is built anew too: it finishes what it owes, as the screens over it do.
    let finished = AppRouter.Path.finishing(Array(closed) + [state.root])
    state = built
    let starts: [Effect<Action>] = state.path.ids.compactMap { id in
      state.path[id: id]?.appearAction.map { .send(.path(.element(id: id, action: $0))) }
    }
    return .merge(
      [finished.map(Action.closedScreen), navigationLog.logClosed(Array(closed))] + starts)
  }

  /// Carries out a navigation request on the stack; nil when `apply` says the action is not
  /// one. It is tried first on a copy of the stack with a copy of the stack-id generator (so
  /// no id is drawn): a push of a tab's root is not pushed, the stack's parent is asked for
  /// that tab instead (or, for this stack's own root, what is over it closes).
  private func navigate(
    _ state: inout State,
    _ apply: (inout StackState<AppRouter.Path.State>) -> NavigationOutcome?
  ) -> Effect<Action>? {
    var trial = state.path
    let tried = Self.drawingNoID(past: state.path) { apply(&trial) }
    guard let tried else { return nil }
    if case .pushed(let id) = tried, let screen = trial[id: id],
      let tab = AppRouter.Tabs(root: screen)
    {
      guard screen.screenName == state.root.screenName else {
        state.notice = nil
        return .send(.delegate(.selectTab(tab)))
      }
      // This stack's own root: shown again by closing what is over it, never pushed twice.
      let before = state.path
      return carryOut(state.path.apply(NavigationCommand<Never>.popToRoot), &state, before: before)
    }
    let before = state.path
    guard let outcome = apply(&state.path) else { return nil }
    return carryOut(outcome, &state, before: before)
  }

  /// Runs `body` with a copy of the stack-id generator that starts past every id on `stack`
  /// (as `append` would; a generator may be new, in a test), so a trial push draws no id.
  static func drawingNoID<Result>(
    past stack: StackState<AppRouter.Path.State>, _ body: () -> Result
  ) -> Result {
    @Dependency(\.stackElementID) var nextID
    let past = stack.ids.max().map { StackElementID(generation: $0.generation + 1) }
    let first = max(nextID.peek(), past ?? nextID.peek())
    return withDependencies {
      $0.stackElementID = StackElementIDGenerator(startingAt: first)
    } operation: {
      body()
    }
  }

  /// What follows a change to the stack: why nothing changed, a pushed screen started (its
  /// appear action), the popped screens logged.
  private func carryOut(
    _ outcome: NavigationOutcome, _ state: inout State, before: StackState<AppRouter.Path.State>
  ) -> Effect<Action> {
    switch outcome {
    case .ignored(let refusal):
      state.notice = refusal.description
      return .none
    case .pushed(let id):
      guard state.path.count <= Self.maximumDepth else {
        state.path.removeLast()
        state.notice =
          "A stack holds at most \(Self.maximumDepth) screens over its first; go back before "
          + "opening another."
        return .none
      }
      state.notice = nil
      // A pushed screen that loads starts loading now (what `.task` does in SwiftUI).
      guard let action = state.path[id: id]?.appearAction else { return .none }
      return .send(.path(.element(id: id, action: action)))
    case .popped(let ids):
      state.notice = nil
      let closed = ids.compactMap { before[id: $0] }
      return .merge(
        AppRouter.Path.finishing(closed).map(Action.closedScreen),
        navigationLog.logClosed(closed))
    }
  }

}
