import CoreDependencies
import CoreStore
import CoreTesting
import Testing

/// A feature whose effects fail, wait, and cancel each other.
private struct Worker: Reducer {
  struct State: Equatable { var results: [String] = [] }
  enum Action: Equatable, Sendable {
    case failWithHandler, failWithoutHandler
    case start(String)
    case stop
    case finished(String)
  }
  struct Failure: Error {}
  enum CancelID { case work }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .failWithHandler:
      return .run { _ in
        throw Failure()
      } catch: { _, send in
        await send(.finished("caught"))
      }
    case .failWithoutHandler:
      return .run { _ in throw Failure() }
    case .start(let name):
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.finished(name))
      }
      .cancellable(id: CancelID.work, cancelInFlight: true)
    case .stop:
      return .cancel(id: CancelID.work)
    case .finished(let name):
      state.results.append(name)
      return .none
    }
  }
}

@MainActor
@Suite("Effects")
struct EffectTests {
  @Test("an error goes to the catch handler, which can send")
  func catchHandler() async {
    let store = TestStore(initialState: Worker.State()) { Worker() }
    await store.send(.failWithHandler)
    await store.receive(.finished("caught")) { $0.results = ["caught"] }
    await store.finish()
  }

  @Test("an error with no catch handler is reported as an issue")
  func uncaughtErrorIsReported() async {
    let store = TestStore(initialState: Worker.State()) { Worker() }
    await withKnownIssue {
      await store.send(.failWithoutHandler).finish()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("no catch: handler") }
    }
    await store.finish()
  }

  @Test("cancel(id:) stops a running effect before it sends")
  func cancelByID() async {
    let clock = TestClock()
    let store = TestStore(initialState: Worker.State()) {
      Worker()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start("first"))
    await store.send(.stop)
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test("cancelInFlight cancels the earlier effect with the same id")
  func cancelInFlight() async {
    let clock = TestClock()
    let store = TestStore(initialState: Worker.State()) {
      Worker()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start("first"))
    await store.send(.start("second"))
    await clock.advance(by: .seconds(1))
    await store.receive(.finished("second")) { $0.results = ["second"] }
    await store.finish()
  }

  @Test("merge starts every effect and map re-tags their actions")
  func mergeAndMap() async {
    let effect = Effect<Int>.merge(.send(1), .none, .send(2)).map { "\($0)" }
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        return action == "start" ? effect : .none
      }
    }
    store.send("start")
    #expect(store.state == ["start", "1", "2"])
  }

  @Test("send from a cancelled effect is dropped")
  func sendAfterCancellationIsDropped() async {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        guard action == "start" else { return .none }
        return .run { send in
          withUnsafeCurrentTask { $0?.cancel() }
          await send("late")
        }
      }
    }
    await store.send("start").finish()
    #expect(store.state == ["start"])
  }
}
