import CoreStore
import ItemListFeature

/// The whole app as the demo runs it: the router, and beside it the panel Entry shows
/// (``EntryPanel``, which another feature builds), held for as long as the app runs. Only this
/// reducer and EntryPanel.swift know the panel; the router names no feature.
public struct AppReducer: Reducer, Sendable {
  /// The router's state and the panel's.
  public struct State: Equatable, Sendable {
    /// The gate or the tabs, and the router's answers.
    public var router: AppRouter.State
    /// The panel Entry shows.
    public var panel: EntryPanel.State

    /// The app at its gate (or as `router` says), the panel not loaded yet.
    public init(router: AppRouter.State = AppRouter.State(), panel: EntryPanel.State = .init()) {
      self.router = router
      self.panel = panel
    }
  }

  /// The router's actions, the panel's, and the app's start.
  public enum Action: CasePathable, Equatable, Sendable {
    /// The router's actions.
    case router(AppRouter.Action)
    /// The panel's actions.
    case panel(EntryPanel.Action)
    /// The app appeared (sent once by whoever starts it, as `.task` would in SwiftUI): the
    /// panel loads the items, then the stack that shows appears.
    case onAppear
  }

  /// The reducer.
  public init() {}

  /// The panel and the router, side by side.
  public var body: some ReducerOf<Self> {
    Scope(state: \.panel, action: \.panel) { EntryPanel() }
    Scope(state: \.router, action: \.router) { AppRouter() }
    Reduce { _, action in
      switch action {
      case .onAppear:
        return .concatenate(.send(.panel(.onAppear)), .send(.router(.onAppear)))
      case .router, .panel:
        return .none
      }
    }
  }
}
