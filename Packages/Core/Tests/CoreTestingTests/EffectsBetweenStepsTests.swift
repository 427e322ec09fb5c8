import CoreStore
import CoreTesting
import Testing

/// A feature whose effect waits for something outside the test store (a stream a test feeds,
/// as a real clock or a server would), then answers.
private struct Waiter: Reducer {
  struct State: Equatable { var answers = 0 }

  enum Action: Equatable, Sendable {
    case start
    case stop
    case answered
  }

  enum CancelID { case wait }

  let signals: AsyncStream<Void>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        for await _ in signals {
          await send(.answered)
        }
      }
      .cancellable(id: CancelID.wait)
    case .stop:
      return .cancel(id: CancelID.wait)
    case .answered:
      state.answers += 1
      return .none
    }
  }
}

@MainActor
@Suite("A test store's effects run whenever the test awaits, as under TCA's main serial executor")
struct EffectsBetweenStepsTests {
  @Test("woken between two steps, an effect answers while the test yields, before the next step")
  func answersWhileTheTestYields() async {
    let (signals, signal) = AsyncStream.makeStream(of: Void.self)
    let store = TestStore(initialState: Waiter.State()) { Waiter(signals: signals) }
    await store.send(.start)
    signal.yield()
    // The effect's jobs and the test's share the main thread, first come first run: a few
    // yields let the effect answer, on every run.
    for _ in 0..<100 { await Task.yield() }
    // As TCA's: the send fails for the action not received, and for the change it made.
    await withKnownIssue {
      await store.send(.stop)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("Must handle 1 received action(s) before sending .stop: .answered")
          || $0.rawValue.contains("+ Waiter.State(answers: 1)")
      }
    }
    await store.receive(.answered)
  }

  @Test("an effect does not move while the test runs without awaiting")
  func stillWhileTheTestRuns() async {
    let (signals, signal) = AsyncStream.makeStream(of: Void.self)
    let store = TestStore(initialState: Waiter.State()) { Waiter(signals: signals) }
    await store.send(.start)
    signal.yield()
    // No await between the signal and the send: the answer cannot come first.
    await store.send(.stop)
  }

  @Test("the next step that waits for it gets it")
  func receivedAtTheNextStep() async {
    let (signals, signal) = AsyncStream.makeStream(of: Void.self)
    let store = TestStore(initialState: Waiter.State()) { Waiter(signals: signals) }
    await store.send(.start)
    signal.yield()
    for _ in 0..<100 { await Task.yield() }
    await store.receive(.answered) { $0.answers = 1 }
    await store.send(.stop)
  }

  @Test("an answer that arrives while the test finishes and is not received fails the test")
  func unreceivedAnswerReported() async {
    let (signals, signal) = AsyncStream.makeStream(of: Void.self)
    let store = TestStore(initialState: Waiter.State()) { Waiter(signals: signals) }
    await store.send(.start)
    signal.yield()
    signal.finish()
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("answered") }
    }
  }
}
