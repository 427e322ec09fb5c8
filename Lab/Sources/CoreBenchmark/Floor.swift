// The floor: each case's job written as plain Swift, with no store, no reducer protocol and
// no effects. Hand-written switches over the same nested state and action types the Core
// features use. What Core is measured against. Every entry point is `@inline(never)` and
// takes its action as a parameter, so the work cannot be folded away.

/// (a): the three-level reduce as one switch.
@inline(never)
func floorReduce(_ state: inout Level1.State, _ action: Level1.Action) {
  switch action {
  case .child(.child(.child(.increment))):
    state.child.child.child.count &+= 1
  }
}

/// (a): calls the switch on a local state.
final class FloorReduce: Workload {
  private var state = Level1.State()

  func run(_ count: Int) async {
    var state = self.state
    for _ in 0..<count {
      floorReduce(&state, opaque(leafActionFromRoot))
    }
    self.state = state
  }

  var checksum: Int { state.child.child.child.count }
}

/// (b)–(f): a store in plain Swift: a class that owns the state and reduces by a hand-written
/// switch, keeping the one promise every store makes: an action sent while another is being
/// reduced waits its turn, first in, first out (here in a local queue, as plain code would).
/// `reduce` returns the action to send next, if any.
final class FloorStore<State, Action> {
  private(set) var state: State
  private let reduce: (inout State, Action) -> Action?

  init(_ state: State, reduce: @escaping (inout State, Action) -> Action?) {
    self.state = state
    self.reduce = reduce
  }

  @inline(never)
  func send(_ action: Action) {
    var queue = [action]
    var index = 0
    while index < queue.count {
      if let next = reduce(&state, queue[index]) {
        queue.append(next)
      }
      index += 1
    }
  }
}

/// (b): the three-level feature in the plain store.
final class FloorRoot: Workload {
  let store = FloorStore<Level1.State, Level1.Action>(Level1.State()) { state, action in
    floorReduce(&state, action)
    return nil
  }

  func run(_ count: Int) async {
    for _ in 0..<count {
      store.send(opaque(leafActionFromRoot))
    }
  }

  var checksum: Int { store.state.child.child.child.count }
}

/// (c): the leaf's handle on the plain store, three closures deep, as a view hierarchy would
/// pass `send` down: each level wraps its child's action in its own case.
final class FloorScoped: Workload {
  private let root = FloorRoot()
  private let sendLeaf: (Leaf.Action) -> Void

  init() {
    let store = root.store
    let send2: (Level2.Action) -> Void = { store.send(.child($0)) }
    let send3: (Level3.Action) -> Void = { send2(.child($0)) }
    sendLeaf = { send3(.child($0)) }
  }

  func run(_ count: Int) async {
    for _ in 0..<count {
      sendLeaf(opaque(Leaf.Action.increment))
    }
  }

  var checksum: Int { root.checksum }
}

/// (d): 50 leaves in an array and a dictionary from id to position, in the plain store.
final class FloorStack: Workload {
  /// The state of the stack: the leaves and where each id is.
  struct State {
    var leaves = Array(repeating: Leaf.State(), count: 50)
    var positions: [Int: Int] = [:]
  }

  let store: FloorStore<State, (id: Int, action: Leaf.Action)>

  init() {
    var state = State()
    for position in state.leaves.indices {
      state.positions[position] = position
    }
    store = FloorStore(state) { state, action in
      guard let position = state.positions[action.id] else { return nil }
      switch action.action {
      case .increment: state.leaves[position].count &+= 1
      }
      return nil
    }
  }

  func run(_ count: Int) async {
    for _ in 0..<count {
      store.send((id: opaque(49), action: .increment))
    }
  }

  var checksum: Int { store.state.leaves[49].count }
}

/// (e1): `ping` answered by `pong`, which the plain store handles before `send` returns.
final class FloorEcho: Workload {
  let store = FloorStore<Echo.State, Echo.Action>(Echo.State()) { state, action in
    switch action {
    case .ping:
      return .pong
    case .pong:
      state.count &+= 1
      return nil
    }
  }

  func run(_ count: Int) async {
    for _ in 0..<count {
      store.send(opaque(.ping))
    }
  }

  var checksum: Int { store.state.count }
}

/// (e2): an action that answers from a task: `ping` starts a task off the main actor that
/// sends `pong` back to it; the caller awaits the task.
final class FloorAsyncEcho: Workload {
  private var count = 0

  @inline(never)
  func send(_ action: Echo.Action) -> Task<Void, Never>? {
    switch action {
    case .ping:
      return Task { await answer(self) }
    case .pong:
      count &+= 1
      return nil
    }
  }

  func run(_ count: Int) async {
    for _ in 0..<count {
      await send(opaque(.ping))?.value
    }
  }

  var checksum: Int { count }
}

/// Runs off the main actor, as an effect's body does, and sends `pong` back.
@concurrent
private func answer(_ echo: FloorAsyncEcho) async {
  await echo.sendPong()
}

extension FloorAsyncEcho {
  fileprivate func sendPong() {
    _ = send(.pong)
  }
}

/// (f): what a test does by hand: send, apply the expected change to a copy, compare.
final class FloorTest: Workload {
  private let root = FloorRoot()
  private var expected = Level1.State()

  func run(_ count: Int) async {
    for _ in 0..<count {
      root.store.send(opaque(leafActionFromRoot))
      expected.child.child.child.count &+= 1
      precondition(root.store.state == expected, "the floor's state differs from the expected one")
    }
  }

  var checksum: Int { root.checksum }
}

/// Returns `value` through a call the optimiser cannot see into, so a constant action is not
/// folded into the loop.
@inline(never)
func opaque<T>(_ value: T) -> T {
  value
}
