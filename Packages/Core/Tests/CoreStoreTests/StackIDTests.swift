import CoreDependencies
import CoreStore
import CoreTesting
import Testing

/// Stack ids stay unique and increasing whatever mix of pushes, appends, deep links and
/// removals built the stack, and a push under an unexpected id is never dropped silently.
@MainActor
@Suite("Stack element ids")
struct StackIDTests {
  private func makeStore(
    _ initialState: @autoclosure () -> Router.State = Router.State()
  ) -> TestStore<Router.State, Router.Action> {
    TestStore(initialState: initialState()) { Router() }
  }

  @Test("an append after a push(id:) takes a new id: the pushed screen does not vanish")
  func appendAfterExplicitPush() async {
    let store = makeStore()
    await store.send(.path(.push(id: 0, state: .counter(Counter.State(count: 1))))) {
      $0.path.append(.counter(Counter.State(count: 1)), id: 0)
    }
    await store.send(.push(.counter(Counter.State(count: 2)))) {
      $0.path.append(.counter(Counter.State(count: 2)))
    }
    #expect(store.state.path.ids == [0, 1])
    #expect(
      Array(store.state.path) == [
        .counter(Counter.State(count: 1)), .counter(Counter.State(count: 2)),
      ])
  }

  @Test("a push under an id that is not the next is reported and kept; later ids follow it")
  func pushAheadOfTheGenerator() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.path(.push(id: 5, state: .counter(Counter.State())))) {
        $0.path.append(.counter(Counter.State()), id: 5)
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("the next stack id is #0; pushed anyway") }
    }
    await store.send(.push(.counter(Counter.State()))) {
      $0.path.append(.counter(Counter.State()))
    }
    #expect(store.state.path.ids == [5, 6])
  }

  @Test("a stack deep-linked with ids in the initial state moves the generator past them")
  func deepLinkInInitialState() async {
    let store = makeStore(
      Router.State(
        path: {
          var path = StackState<Path.State>()
          path[id: 3] = .counter(Counter.State())
          path[id: 8] = .counter(Counter.State(count: 8))
          return path
        }()))
    await store.send(.push(.counter(Counter.State()))) {
      $0.path.append(.counter(Counter.State()))
    }
    #expect(store.state.path.ids == [3, 8, 9])
  }

  @Test("ids keep increasing across pushes, appends and removals")
  func mixedOperationsKeepIDsIncreasing() {
    let store = Store(initialState: Router.State()) {
      Router()
    } withDependencies: {
      $0.stackElementID = StackElementIDGenerator()
    }
    let counter = Path.State.counter(Counter.State())
    store.send(.push(counter))
    #expect(store.state.path.ids == [0])
    store.send(.path(.push(id: 1, state: counter)))
    store.send(.push(counter))
    #expect(store.state.path.ids == [0, 1, 2])
    store.send(.path(.popFrom(id: 2)))
    store.send(.push(counter))
    #expect(store.state.path.ids == [0, 1, 3])
    store.send(.clearPath)
    store.send(.path(.push(id: 4, state: counter)))
    store.send(.push(counter))
    #expect(store.state.path.ids == [4, 5])
  }

  @Test("an append into a stack whose ids came from elsewhere never reuses one of them")
  func appendSkipsIDsOnTheStack() {
    var path = StackState<Int>()
    withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      path.append(1, id: 0)
      path.append(2, id: 1)
    }
    // Another generator that starts at zero, as a second store's would.
    withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      path.append(3)
    }
    #expect(path.ids == [0, 1, 2])
    #expect(Array(path) == [1, 2, 3])
  }

  @Test("the largest id does not crash the generator")
  func largestID() {
    var path = StackState<Int>()
    withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      path.append(1, id: StackElementID(generation: .max))
      withKnownIssue {
        path.append(2)
      } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("No stack id is left") }
      }
    }
    #expect(path.ids == [StackElementID(generation: .max)])
  }
}
