import CoreStore

// The features the benchmark drives through Core, the same ones `Floor` writes as plain Swift.

/// The leaf of the benchmark: one integer.
struct Leaf: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable { case increment }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count &+= 1
    return .none
  }
}

/// The innermost level: holds the leaf. Levels are written out (not generic) because a
/// generic key path is built anew on every use, which real, concrete features never pay.
struct Level3: Reducer {
  struct State: Equatable, Sendable { var child = Leaf.State() }
  enum Action: CasePathable, Sendable { case child(Leaf.Action) }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Leaf() }
  }
}

/// The middle level: holds level 3.
struct Level2: Reducer {
  struct State: Equatable, Sendable { var child = Level3.State() }
  enum Action: CasePathable, Sendable { case child(Level3.Action) }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Level3() }
  }
}

/// The outer level, the root: holds level 2.
struct Level1: Reducer {
  struct State: Equatable, Sendable { var child = Level2.State() }
  enum Action: CasePathable, Sendable { case child(Level2.Action) }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Level2() }
  }
}

let leafActionFromRoot = Level1.Action.child(.child(.child(.increment)))

/// A root with a navigation stack of leaves.
struct StackRoot: Reducer {
  struct State: Equatable, Sendable {
    var path = StackState<Leaf.State>()
  }

  enum Action: CasePathable, Sendable {
    case path(StackAction<Leaf.State, Leaf.Action>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer().forEach(\.path, action: \.path) { Leaf() }
  }
}

/// (e1), (e2): `ping` answers with `pong`, through `.send` or through `.run`.
struct Echo: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable { case ping, pong }

  /// Whether `ping` answers through an async effect (`.run`) instead of `.send`.
  let answersAsync: Bool

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .ping:
      if answersAsync {
        return .run { send in await send(.pong) }
      }
      return .send(.pong)
    case .pong:
      state.count &+= 1
      return .none
    }
  }
}
