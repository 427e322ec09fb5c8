import CoreStore
import CoreTesting
import Foundation
import Testing

// Not TCA's: the failures a port must still report, on the ported Todos.
@MainActor
struct TodosFailureTests {
  @Test
  func completionSortLeftUnreceivedFails() async {
    let clock = TestClock()
    await withKnownIssue {
      let store = TestStore(
        initialState: Todos.State(todos: [Todo.State(id: UUID(0))])
      ) {
        Todos()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(\.todos[id: UUID(0)].binding.isComplete, true) {
        $0.todos[id: UUID(0)]?.isComplete = true
      }
      await clock.advance(by: .seconds(1))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("sortCompletedTodos") }
    }
  }

  @Test
  func wrongOrderAfterMoveFails() async {
    let store = TestStore(
      initialState: Todos.State(todos: [Todo.State(id: UUID(0)), Todo.State(id: UUID(1))])
    ) {
      Todos()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await withKnownIssue {
      await store.send(.move([0], 2)) {
        $0.todos = [Todo.State(id: UUID(0)), Todo.State(id: UUID(1))]
      }
    }
    await store.receive(\.sortCompletedTodos)
  }
}
