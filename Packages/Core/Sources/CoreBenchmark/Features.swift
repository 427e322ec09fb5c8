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
  enum Action: Sendable { case child(Leaf.Action) }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: .level3Child) { Leaf() }
  }
}

/// The middle level: holds level 3.
struct Level2: Reducer {
  struct State: Equatable, Sendable { var child = Level3.State() }
  enum Action: Sendable { case child(Level3.Action) }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: .level2Child) { Level3() }
  }
}

/// The outer level, the root: holds level 2.
struct Level1: Reducer {
  struct State: Equatable, Sendable { var child = Level2.State() }
  enum Action: Sendable { case child(Level2.Action) }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: .level1Child) { Level2() }
  }
}

extension CasePath<Level3.Action, Leaf.Action> {
  static var level3Child: Self {
    CasePath(Level3.Action.child) { if case .child(let action) = $0 { action } else { nil } }
  }
}

extension CasePath<Level2.Action, Level3.Action> {
  static var level2Child: Self {
    CasePath(Level2.Action.child) { if case .child(let action) = $0 { action } else { nil } }
  }
}

extension CasePath<Level1.Action, Level2.Action> {
  static var level1Child: Self {
    CasePath(Level1.Action.child) { if case .child(let action) = $0 { action } else { nil } }
  }
}

let leafActionFromRoot = Level1.Action.child(.child(.child(.increment)))

/// A root with a navigation stack of leaves.
struct StackRoot: Reducer {
  struct State: Equatable, Sendable {
    var path = StackState<Leaf.State>()
  }

  enum Action: Sendable {
    case path(StackAction<Leaf.State, Leaf.Action>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer().forEach(\.path, action: Self.pathCase) { Leaf() }
  }

  static var pathCase: CasePath<Action, StackAction<Leaf.State, Leaf.Action>> {
    CasePath(Action.path) { if case .path(let action) = $0 { action } else { nil } }
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
