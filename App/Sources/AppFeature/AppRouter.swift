import CoreDependencies
import CoreRouting
import CoreStore
import EntryFeature
import ItemListFeature
import NavigationLogClient

/// The root of the app (seed 000's router): the first screen of the list plus a stack of
/// pushed screens. It holds no domain state; it carries out every screen's navigation request
/// through the generated `Path.navigate` (a screen's `.delegate(.navigate)`, or a request a
/// reducer at any depth made with `@Dependency(\.navigate)`, which arrives as
/// ``Action/navigationRequested(_:)``) and logs each screen that closes. The first screen's
/// panel reads the shared items, so nothing here refreshes it.
public struct AppRouter: Reducer, Sendable {
  /// The whole app's state: the first screen, the screens pushed over it, and its panel.
  public struct State: Equatable, Sendable {
    /// The first screen (the first of the screen list), always there under the stack.
    public var root: Path.State
    /// The screens pushed over the first one, bottom first.
    public var path: StackState<Path.State>
    /// The panel the first screen shows, which another feature builds (``RootPanel``).
    public var panel: RootPanel.State
    /// One line about a request that changed nothing ("already at the first screen").
    public var notice: String?

    /// The app at its first screen.
    public init(
      root: Path.State = .first,
      path: StackState<Path.State> = StackState(),
      panel: RootPanel.State = RootPanel.State(),
      notice: String? = nil
    ) {
      self.root = root
      self.path = path
      self.panel = panel
      self.notice = notice
    }
  }

  /// Everything that can happen in the app: each screen's actions, routed to it.
  public enum Action: CasePathable, Equatable, Sendable {
    /// The first screen's actions.
    case root(Path.Action)
    /// The stack's actions.
    case path(StackActionOf<Path>)
    /// The panel's actions.
    case panel(RootPanel.Action)
    /// The app appeared (sent once by whoever starts it, as `.task` would in SwiftUI): the
    /// first screen's panel loads the items unless a screen has.
    case onAppear
    /// The person typed `back` on the first screen.
    case backTapped
    /// A reducer of a screen, at any depth, asked for a screen with `@Dependency(\.navigate)`.
    case navigationRequested(NavigationRequest)
  }

  @Dependency(\.navigationLog) var navigationLog

  /// The reducer; the screens it can push come from `Screens.swift`.
  public init() {}

  /// The first screen, its panel, the router's own logic, then the stack; every request their
  /// effects make with `@Dependency(\.navigate)` comes back as `.navigationRequested`.
  public var body: some ReducerOf<Self> {
    CombineReducers {
      Scope(state: \.root, action: \.root) { Path() }
      Scope(state: \.panel, action: \.panel) { RootPanel() }
      Reduce { state, action in
        switch action {
        case .root(let screenAction), .path(.element(_, let screenAction)):
          let before = state.path
          guard
            let outcome = Path.navigate(screenAction, on: &state.path, first: state.root)
          else {
            state.notice = nil
            return .none
          }
          return carryOut(outcome, &state, before: before)
        case .navigationRequested(let request):
          let before = state.path
          let outcome = Path.navigate(request, on: &state.path, first: state.root)
          return carryOut(outcome, &state, before: before)
        case .path(.popFrom(let id)):
          // A screen closed itself (dismiss): log it and everything above it. `forEach` removes
          // them after this; closing the bottom screen uncovers the first screen.
          state.notice = nil
          let closed = state.path.ids.drop { $0 != id }.reversed().compactMap {
            state.path[id: $0]
          }
          return log(closed)
        case .backTapped:
          let before = state.path
          return carryOut(state.path.apply(NavigationCommand<Never>.pop), &state, before: before)
        case .onAppear:
          return .send(.panel(.onAppear))
        case .path, .panel:
          state.notice = nil
          return .none
        }
      }
      .forEach(\.path, action: \.path) { Path() }
    }
    .navigationRequests(\.navigationRequested)
  }

  /// What follows a change to the stack: why it changed nothing, a pushed screen started (its
  /// appear action), the popped screens logged.
  private func carryOut(
    _ outcome: NavigationOutcome, _ state: inout State, before: StackState<Path.State>
  ) -> Effect<Action> {
    switch outcome {
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
      return log(ids.compactMap { before[id: $0] })
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
