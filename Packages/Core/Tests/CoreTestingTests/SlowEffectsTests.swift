import CoreStore
import CoreTesting
import Testing

/// A feature whose effect works in slow steps (each holds its thread for a while, as a job on a
/// busy machine does), or waits for a signal that may never come.
private struct SlowWorker: Reducer {
  struct State: Equatable { var isDone = false }

  enum Action: Equatable, Sendable {
    case start
    case waitForever
    case done
  }

  /// How many slow steps the work takes, and how long each holds its thread.
  let steps: Int
  let step: Duration
  let never: AsyncStream<Void>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [steps, step] send in
        for _ in 0..<steps {
          holdThread(for: step)
          await Task.yield()
        }
        await send(.done)
      }
    case .waitForever:
      return .run { [never] _ in
        for await _ in never {}
      }
    case .done:
      state.isDone = true
      return .none
    }
  }
}

/// Keeps the thread busy for `duration`, as a slow machine would.
private func holdThread(for duration: Duration) {
  let clock = ContinuousClock()
  let end = clock.now.advanced(by: duration)
  while clock.now < end {}
}

@MainActor
@Suite("A busy machine makes a test store wait longer; only a hang fails its wait")
struct SlowEffectsTests {
  @Test("effects that keep moving are waited for past the timeout")
  func slowEffectsWaitedFor() async {
    let (never, _) = AsyncStream.makeStream(of: Void.self)
    let store = TestStore(initialState: SlowWorker.State()) {
      SlowWorker(steps: 8, step: .milliseconds(50), never: never)
    }
    // The work takes four times the timeout, yet never stands still for as long as it.
    store.timeout = .milliseconds(100)
    await store.send(.start)
    await store.receive(.done) { $0.isDone = true }
    await store.finish()
  }

  @Test("finish waits for slow work to end")
  func finishWaitsForSlowWork() async {
    let (never, _) = AsyncStream.makeStream(of: Void.self)
    let store = TestStore(initialState: SlowWorker.State()) {
      SlowWorker(steps: 8, step: .milliseconds(50), never: never)
    }
    store.timeout = .milliseconds(100)
    store.exhaustivity = .off
    await store.send(.start)
    await store.finish()
    #expect(store.state.isDone)
  }

  @Test("an effect that stands still for the timeout is reported as still running")
  func stillEffectReported() async {
    let (never, _) = AsyncStream.makeStream(of: Void.self)
    let store = TestStore(initialState: SlowWorker.State()) {
      SlowWorker(steps: 0, step: .zero, never: never)
    }
    store.timeout = .milliseconds(100)
    await store.send(.waitForever)
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("still running") }
    }
  }
}
