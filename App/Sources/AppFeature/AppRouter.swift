import CoreDependencies
import CoreRouting
import CoreStore
import EntryFeature
import ItemListFeature
import NavigationLogClient

/// The root of the app (seed 000's router): Entry plus a stack of pushed screens. It holds no
/// domain state; it turns every feature's navigation requests into stack changes, logs each
/// screen that closes, and refreshes the panel Entry shows whenever Entry appears.
public struct AppRouter: Reducer, Sendable {
  /// The whole app's state: Entry, the screens pushed over it, and Entry's panel.
  public struct State: Equatable, Sendable {
    /// The first screen, always there under the stack.
    public var entry: Entry.State
    /// The screens pushed over Entry, bottom first.
    public var path: StackState<Path.State>
    /// The panel Entry shows, which another feature builds (``RootPanel``).
    public var panel: RootPanel.State
    /// One line about a request that changed nothing ("already at the first screen").
    public var notice: String?

    /// The app at its first screen.
    public init(
      entry: Entry.State = Entry.State(),
      path: StackState<Path.State> = StackState(),
      panel: RootPanel.State = RootPanel.State(),
      notice: String? = nil
    ) {
      self.entry = entry
      self.path = path
      self.panel = panel
      self.notice = notice
    }
  }

  /// Everything that can happen in the app: each screen's actions, routed to it.
  public enum Action: CasePathable, Equatable, Sendable {
    /// Entry's actions.
    case entry(Entry.Action)
    /// The stack's actions.
    case path(StackActionOf<Path>)
    /// The panel's actions.
    case panel(RootPanel.Action)
    /// The app appeared (sent once by whoever starts it, as `.task` would in SwiftUI): Entry
    /// is on top, so its panel counts.
    case onAppear
    /// The person typed `back` on the first screen.
    case backTapped
  }

  @Dependency(\.navigationLog) var navigationLog

  /// The reducer; the screens it can push come from `Screens.swift`.
  public init() {}

  /// Entry, its panel, the router's own logic, then the stack.
  public var body: some ReducerOf<Self> {
    Scope(state: \.entry, action: \.entry) { Entry() }
    Scope(state: \.panel, action: \.panel) { RootPanel() }
    Reduce { state, action in
      switch action {
      case .entry(.delegate(.navigate(let command))):
        return navigate(&state) { Path.apply(command, to: &$0) }
      case .path(.element(_, let screenAction)):
        if let navigation = screenAction.navigation {
          return navigate(&state, navigation)
        }
        state.notice = nil
        return .none
      case .path(.popFrom(let id)):
        // A screen closed itself (dismiss): log it and everything above it. `forEach` removes
        // them after this; closing the bottom screen uncovers Entry.
        state.notice = nil
        let closed = state.path.ids.drop { $0 != id }.reversed().compactMap { state.path[id: $0] }
        let uncoversRoot = state.path.ids.first == id
        return .merge(log(closed), uncoversRoot ? .send(.panel(.refresh)) : .none)
      case .backTapped:
        return navigate(&state) { Path.apply(NavigationCommand<Entry.Route>.pop, to: &$0) }
      case .onAppear:
        return .send(.panel(.refresh))
      case .entry, .path, .panel:
        state.notice = nil
        return .none
      }
    }
    .forEach(\.path, action: \.path) { Path() }
  }

  /// Applies a change to the stack; says why when it changes nothing, starts a pushed screen
  /// (its appear action), logs the screens it popped, and refreshes Entry's panel when they
  /// uncover Entry.
  private func navigate(
    _ state: inout State, _ change: (inout StackState<Path.State>) -> NavigationOutcome
  ) -> Effect<Action> {
    let before = state.path
    switch change(&state.path) {
    case .ignored(let refusal):
      state.notice = refusal.description
      return .none
    case .pushed(let id):
      state.notice = nil
      // A pushed screen that loads starts loading now (what `.task` does in SwiftUI).
      guard let action = state.path[id: id]?.appearAction else { return .none }
      return .send(.path(.element(id: id, action: action)))
    case .popped(let ids):
      state.notice = nil
      let logged = log(ids.compactMap { before[id: $0] })
      return .merge(logged, state.path.isEmpty ? .send(.panel(.refresh)) : .none)
    }
  }

  /// Logs "<Screen> closed" for each screen, top first.
  private func log(_ closed: [Path.State]) -> Effect<Action> {
    guard !closed.isEmpty else { return .none }
    let lines = closed.map { "\($0.title) closed" }
    let navigationLog = self.navigationLog
    return .run { _ in
      for line in lines {
        await navigationLog.log(line)
      }
    }
  }
}
