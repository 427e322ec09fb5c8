import CoreStore
import CoreTesting

// Each case's job done through Core, on the features in Features.swift.

/// (a): the three-level `Scope` composition's `reduce(into:action:)`, called directly.
final class CoreReduce: Workload {
  private let reducer = Level1()
  private var state = Level1.State()

  func run(_ count: Int) async {
    var state = self.state
    for _ in 0..<count {
      blackHole(reducer.reduce(into: &state, action: opaque(leafActionFromRoot)))
    }
    self.state = state
  }

  var checksum: Int { state.child.child.child.count }
}

/// (b): the same reducer through a root `Store.send`.
final class CoreRoot: Workload {
  private let store = Store(initialState: Level1.State()) { Level1() }

  func run(_ count: Int) async {
    for _ in 0..<count {
      store.send(opaque(leafActionFromRoot))
    }
  }

  var checksum: Int { store.state.child.child.child.count }
}

/// (c): the leaf's own store, scoped three levels deep from the root store.
final class CoreScoped: Workload {
  private let root = Store(initialState: Level1.State()) { Level1() }
  private let leaf: Store<Leaf.State, Leaf.Action>

  init() {
    leaf =
      root
      .scope(state: \.child, action: \.child)
      .scope(state: \.child, action: \.child)
      .scope(state: \.child, action: \.child)
  }

  func run(_ count: Int) async {
    for _ in 0..<count {
      leaf.send(opaque(.increment))
    }
  }

  var checksum: Int { leaf.state.count }
}

/// (d): the top element of a 50-deep navigation stack, through a root store.
final class CoreStack: Workload {
  private let store: Store<StackRoot.State, StackRoot.Action>
  private let topID: StackElementID

  init() {
    var state = StackRoot.State()
    for _ in 0..<50 {
      state.path.append(Leaf.State())
    }
    store = Store(initialState: state) { StackRoot() }
    topID = store.state.path.ids[49]
  }

  func run(_ count: Int) async {
    for _ in 0..<count {
      store.send(.path(.element(id: opaque(topID), action: .increment)))
    }
  }

  var checksum: Int { store.state.path[49].count }
}

/// (e1) and (e2): `ping` answered by `pong` through `.send`, or through `.run` (awaited).
final class CoreEcho: Workload {
  private let store: Store<Echo.State, Echo.Action>
  private let answersAsync: Bool

  init(answersAsync: Bool) {
    self.answersAsync = answersAsync
    store = Store(initialState: Echo.State()) { Echo(answersAsync: answersAsync) }
  }

  func run(_ count: Int) async {
    for _ in 0..<count {
      let task = store.send(opaque(.ping))
      if answersAsync {
        await task.finish()
      }
    }
  }

  var checksum: Int { store.state.count }
}

/// (f): a `TestStore` step: send, with the expected change asserted.
final class CoreTest: Workload {
  private let store = TestStore(initialState: Level1.State()) { Level1() }

  func run(_ count: Int) async {
    for _ in 0..<count {
      await store.send(opaque(leafActionFromRoot)) {
        $0.child.child.child.count &+= 1
      }
    }
  }

  var checksum: Int { store.state.child.child.child.count }
}
