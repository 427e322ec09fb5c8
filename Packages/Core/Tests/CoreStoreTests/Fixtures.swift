import CoreDependencies
import CoreStore
import Foundation

/// A counter: the smallest feature.
struct Counter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case increment
    case decrement
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    }
    return .none
  }
}

/// A screen that can load slowly, close itself, and present another screen like itself.
struct Screen: Reducer {
  struct State: Equatable, Sendable {
    var depth = 0
    var loaded: Int?
    @PresentationState var child: State?
  }

  enum Action: Equatable, Sendable {
    case load
    case loaded(Int)
    case closeTapped
    case presentChild
    indirect case child(PresentationAction<Action>)
  }

  enum CancelID { case load }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .load:
        let depth = state.depth
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.loaded(depth))
        }
        .cancellable(id: CancelID.load, cancelInFlight: true)
      case .loaded(let value):
        state.loaded = value
        return .none
      case .closeTapped:
        return .run { _ in await dismiss() }
      case .presentChild:
        state.child = State(depth: state.depth + 1)
        return .none
      case .child:
        return .none
      }
    }
    .ifLet(\.$child, action: .child) { Screen() }
  }
}

extension CasePath<Screen.Action, PresentationAction<Screen.Action>> {
  static var child: Self {
    CasePath(Screen.Action.child) { if case .child(let action) = $0 { action } else { nil } }
  }
}

/// The screens a `Router` can push.
struct Path: Reducer {
  enum State: Equatable, Sendable {
    case screen(Screen.State)
    case counter(Counter.State)
  }

  enum Action: Equatable, Sendable {
    case screen(Screen.Action)
    case counter(Counter.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: .screen, action: .screen) { Screen() }
    Scope(state: .counter, action: .counter) { Counter() }
  }
}

extension CasePath<Path.State, Screen.State> {
  static var screen: Self {
    CasePath(Path.State.screen) { if case .screen(let state) = $0 { state } else { nil } }
  }
}

extension CasePath<Path.Action, Screen.Action> {
  static var screen: Self {
    CasePath(Path.Action.screen) { if case .screen(let action) = $0 { action } else { nil } }
  }
}

extension CasePath<Path.State, Counter.State> {
  static var counter: Self {
    CasePath(Path.State.counter) { if case .counter(let state) = $0 { state } else { nil } }
  }
}

extension CasePath<Path.Action, Counter.Action> {
  static var counter: Self {
    CasePath(Path.Action.counter) { if case .counter(let action) = $0 { action } else { nil } }
  }
}

/// A root with a counter, an optional counter, a presented screen and a stack of screens.
struct Router: Reducer {
  struct State: Equatable, Sendable {
    var counter = Counter.State()
    var optionalCounter: Counter.State?
    @PresentationState var sheet: Screen.State?
    var path = StackState<Path.State>()
    var popped: [StackElementID] = []
  }

  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
    case optionalCounter(Counter.Action)
    case sheet(PresentationAction<Screen.Action>)
    case path(StackActionOf<Path>)
    case push(Path.State)
    case presentSheet
    case toggleOptionalCounter
    case clearPath
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: .counter) { Counter() }
    Reduce { state, action in
      switch action {
      case .path(.popFrom(let id)):
        state.popped.append(id)
        return .none
      case .push(let screen):
        state.path.append(screen)
        return .none
      case .presentSheet:
        state.sheet = Screen.State(depth: 1)
        return .none
      case .toggleOptionalCounter:
        state.optionalCounter = state.optionalCounter == nil ? Counter.State() : nil
        return .none
      case .clearPath:
        state.path.removeAll()
        return .none
      case .counter, .optionalCounter, .sheet, .path:
        return .none
      }
    }
    .ifLet(\.optionalCounter, action: .optionalCounter) { Counter() }
    .ifLet(\.$sheet, action: .sheet) { Screen() }
    .forEach(\.path, action: .path) { Path() }
  }
}

extension CasePath<Router.Action, Counter.Action> {
  static var counter: Self {
    CasePath(Router.Action.counter) { if case .counter(let action) = $0 { action } else { nil } }
  }

  static var optionalCounter: Self {
    CasePath(Router.Action.optionalCounter) {
      if case .optionalCounter(let action) = $0 { action } else { nil }
    }
  }
}

extension CasePath<Router.Action, PresentationAction<Screen.Action>> {
  static var sheet: Self {
    CasePath(Router.Action.sheet) { if case .sheet(let action) = $0 { action } else { nil } }
  }
}

extension CasePath<Router.Action, StackActionOf<Path>> {
  static var path: Self {
    CasePath(Router.Action.path) { if case .path(let action) = $0 { action } else { nil } }
  }
}

/// Stamps a UUID in the reducer and another in its effect: shows where dependencies reach.
struct Stamper: Reducer {
  struct State: Equatable { var stamps: [UUID] = [] }
  enum Action: Equatable, Sendable {
    case stamp
    case stamped(UUID)
  }

  @Dependency(\.uuid) var uuid

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .stamp:
      state.stamps.append(uuid())
      return .run { send in await send(.stamped(uuid())) }
    case .stamped(let id):
      state.stamps.append(id)
      return .none
    }
  }
}
