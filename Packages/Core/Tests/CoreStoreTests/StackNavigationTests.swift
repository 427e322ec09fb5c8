import CoreDependencies
import CoreStore
import CoreTesting
import Testing

@MainActor
@Suite("forEach over a StackState")
struct StackNavigationTests {
  private func makeStore(clock: TestClock = TestClock()) -> TestStore<Router.State, Router.Action> {
    TestStore(initialState: Router.State()) {
      Router()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test("element actions reach the element with that id, and only it")
  func elementActionsByID() async {
    let store = makeStore()
    await store.send(.push(.counter(Counter.State()))) {
      $0.path.append(.counter(Counter.State()))
    }
    await store.send(.push(.counter(Counter.State()))) {
      $0.path.append(.counter(Counter.State()))
    }
    await store.send(.path(.element(id: 0, action: .counter(.increment)))) {
      $0.path[id: 0] = .counter(Counter.State(count: 1))
    }
    #expect(store.state.path[id: 1] == .counter(Counter.State(count: 0)))
  }

  @Test("popFrom removes that element and everything above it; the parent sees it first")
  func popFrom() async {
    let store = makeStore()
    for _ in 0..<3 {
      await store.send(.push(.counter(Counter.State()))) {
        $0.path.append(.counter(Counter.State()))
      }
    }
    await store.send(.path(.popFrom(id: 1))) {
      $0.popped = [1]
      $0.path.pop(from: 1)
    }
    #expect(store.state.path.ids == [0])
  }

  @Test("popFrom: a parent that closes the screens itself (a router deciding every pop) is fine")
  func parentPopsItself() async {
    let store = TestStore(initialState: ClosingRouter.State()) { ClosingRouter() }
    for _ in 0..<3 {
      await store.send(.push) { $0.path.append(.counter(Counter.State())) }
    }
    // The parent closes everything over the bottom screen, more than popFrom(1) asks.
    await store.send(.path(.popFrom(id: 1))) { $0.path.pop(from: 0) }
    #expect(store.state.path.isEmpty)
    await withKnownIssue {
      await store.send(.path(.popFrom(id: 7)))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("popFrom(id: #7)") }
    }
  }

  @Test("push(id:state:) inserts under the given id; a duplicate id is reported and ignored")
  func pushWithID() async {
    let store = makeStore()
    await store.send(.path(.push(id: 0, state: .counter(Counter.State())))) {
      $0.path.append(.counter(Counter.State()), id: 0)
    }
    await withKnownIssue {
      await store.send(.path(.push(id: 0, state: .counter(Counter.State(count: 9)))))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("already on the stack; ignored") }
    }
  }

  @Test("an action for an element that is not on the stack is reported and changes nothing")
  func actionForMissingElement() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.path(.element(id: 3, action: .counter(.increment))))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("not on the stack") }
    }
    await withKnownIssue {
      await store.send(.path(.popFrom(id: 3))) { $0.popped = [3] }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("popFrom(id: #3)") }
    }
  }

  @Test("ids are generational: a push after a pop never reuses an id")
  func generationalIDs() async {
    let store = makeStore()
    await store.send(.push(.counter(Counter.State()))) {
      $0.path.append(.counter(Counter.State()))
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.popped = [0]
      $0.path.removeAll()
    }
    await store.send(.push(.counter(Counter.State()))) {
      $0.path.append(.counter(Counter.State()))
    }
    #expect(store.state.path.ids == [1])
  }

  @Test("popping a screen cancels the work it started")
  func popCancelsEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.push(.screen(Screen.State()))) {
      $0.path.append(.screen(Screen.State()))
    }
    await store.send(.path(.element(id: 0, action: .screen(.load))))
    await store.send(.path(.popFrom(id: 0))) {
      $0.popped = [0]
      $0.path.removeAll()
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("two screens of the same kind keep their own work: cancelling one keeps the other")
  func effectIDsAreScopedPerElement() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    for depth in [10, 20] {
      await store.send(.push(.screen(Screen.State(depth: depth)))) {
        $0.path.append(.screen(Screen.State(depth: depth)))
      }
    }
    await store.send(.path(.element(id: 0, action: .screen(.load))))
    // Same CancelID with cancelInFlight in another element must not cancel element 0's load.
    await store.send(.path(.element(id: 1, action: .screen(.load))))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .screen(.loaded(10))))) {
      $0.path[id: 0] = .screen(Screen.State(depth: 10, loaded: 10))
    }
    await store.receive(.path(.element(id: 1, action: .screen(.loaded(20))))) {
      $0.path[id: 1] = .screen(Screen.State(depth: 20, loaded: 20))
    }
    await store.finish()
  }

  @Test("dismiss in a stack element ends in a real popFrom the parent sees")
  func dismissFromStackElement() async {
    let store = makeStore()
    await store.send(.push(.counter(Counter.State()))) {
      $0.path.append(.counter(Counter.State()))
    }
    await store.send(.push(.screen(Screen.State()))) {
      $0.path.append(.screen(Screen.State()))
    }
    await store.send(.path(.element(id: 1, action: .screen(.closeTapped))))
    await store.receive(.path(.popFrom(id: 1))) {
      $0.popped = [1]
      $0.path.pop(from: 1)
    }
    await store.finish()
  }

  @Test("a parent that changes the stack directly also cancels the removed screens' work")
  func directRemovalCancels() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.push(.screen(Screen.State()))) {
      $0.path.append(.screen(Screen.State()))
    }
    await store.send(.path(.element(id: 0, action: .screen(.load))))
    await store.send(.clearPath) { $0.path.removeAll() }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }
}

/// A stack whose parent decides every pop: `popFrom` closes every screen, not only those over
/// the one that asked.
private struct ClosingRouter: Reducer {
  struct State: Equatable, Sendable {
    var path = StackState<Path.State>()
  }

  enum Action: Equatable, Sendable {
    case path(StackActionOf<Path>)
    case push
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .path(.popFrom):
        state.path.removeAll()
        return .none
      case .push:
        state.path.append(.counter(Counter.State()))
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: Self.pathAction) { Path() }
  }

  static let pathAction = CasePath<Action, StackActionOf<Path>>(
    { .path($0) }, extract: { if case .path(let action) = $0 { action } else { nil } })
}
