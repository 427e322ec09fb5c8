import CoreDependencies
import CoreStore

/// A screen whose work waits a second on the clock, then says so; it can cancel its own work.
/// `startAndLeave` starts the same work, and the host removes the screen in the same action.
struct Waiter: Reducer {
  struct State: Equatable, Sendable { var finished = 0 }
  enum Action: Equatable, Sendable { case start, startAndLeave, finished, cancelOwn }
  enum CancelID { case wait }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start, .startAndLeave:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.finished)
      }
      .cancellable(id: CancelID.wait)
    case .finished:
      state.finished += 1
      return .none
    case .cancelOwn:
      return .cancel(id: CancelID.wait)
    }
  }
}

/// Waiters on a stack and in a sheet, and a reducer *after* `forEach`/`ifLet` in the same
/// body that removes them: the removal the navigation reducers cannot see themselves.
struct WaiterHost: Reducer {
  struct State: Equatable, Sendable {
    var path = StackState<Waiter.State>()
    @PresentationState var sheet: Waiter.State?
    var finished = 0
  }

  enum Action: Equatable, Sendable {
    case path(StackActionOf<Waiter>)
    case sheet(PresentationAction<Waiter.Action>)
    case push
    case present
    case startOwn
    case ownFinished
    case cancelAllWaits
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .push:
        state.path.append(Waiter.State())
        return .none
      case .present:
        state.sheet = Waiter.State()
        return .none
      case .startOwn:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.ownFinished)
        }
        .cancellable(id: Waiter.CancelID.wait)
      case .ownFinished:
        state.finished += 1
        return .none
      case .cancelAllWaits:
        return .cancel(id: Waiter.CancelID.wait)
      case .path, .sheet:
        return .none
      }
    }
    .forEach(\.path, action: .path) { Waiter() }
    .ifLet(\.$sheet, action: .sheet) { Waiter() }
    // A later reducer: a screen that starts work and leaves is removed here, at once.
    Reduce { state, action in
      switch action {
      case .path(.element(let id, .startAndLeave)):
        state.path[id: id] = nil
      case .sheet(.presented(.startAndLeave)):
        state.sheet = nil
      default:
        break
      }
      return .none
    }
  }
}

extension CasePath<WaiterHost.Action, StackActionOf<Waiter>> {
  static var path: Self {
    CasePath(WaiterHost.Action.path) { if case .path(let action) = $0 { action } else { nil } }
  }
}

extension CasePath<WaiterHost.Action, PresentationAction<Waiter.Action>> {
  static var sheet: Self {
    CasePath(WaiterHost.Action.sheet) { if case .sheet(let action) = $0 { action } else { nil } }
  }
}

/// A grandparent that replaces the whole host, as a parent editing its child's state does.
struct HostOwner: Reducer {
  struct State: Equatable, Sendable {
    var host = WaiterHost.State()
  }

  enum Action: Equatable, Sendable {
    case host(WaiterHost.Action)
    case resetHost
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.host, action: .host) { WaiterHost() }
    Reduce { state, action in
      if action == .resetHost {
        state.host = WaiterHost.State()
      }
      return .none
    }
  }
}

extension CasePath<HostOwner.Action, WaiterHost.Action> {
  static var host: Self {
    CasePath(HostOwner.Action.host) { if case .host(let action) = $0 { action } else { nil } }
  }
}
