import CoreDependencies
import CoreStore
import CoreTesting
import Testing

/// A feature with a state change, an effect that answers, and an effect that runs until told.
private struct Probe: Reducer {
  struct State: Equatable {
    var count = 0
    var answers: [String] = []
    var path = StackState<Int>()
  }

  enum Action: Equatable, Sendable {
    case increment
    case nothing
    case ask
    case answer(String)
    case listen
    case stopListening
    case push
  }

  enum CancelID { case listen }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .nothing:
      return .none
    case .ask:
      return .run { send in await send(.answer("42")) }
    case .answer(let answer):
      state.answers.append(answer)
      return .none
    case .listen:
      return .run { _ in try await clock.sleep(for: .seconds(60)) }
        .cancellable(id: CancelID.listen)
    case .stopListening:
      return .cancel(id: CancelID.listen)
    case .push:
      state.path.append(state.path.count)
      return .none
    }
  }
}

@MainActor
@Suite("TestStore")
struct TestStoreTests {
  private func makeStore() -> TestStore<Probe.State, Probe.Action> {
    let store = TestStore(initialState: Probe.State()) {
      Probe()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    store.timeout = .milliseconds(200)
    return store
  }

  @Test("passes when every change, action and effect is accounted for")
  func happyPath() async {
    let store = makeStore()
    await store.send(.increment) { $0.count = 1 }
    await store.send(.ask)
    await store.receive(.answer("42")) { $0.answers = ["42"] }
    await store.send(.nothing)
    await store.finish()
    #expect(store.state.answers == ["42"])
  }

  @Test("appends in the assertion get the same stack ids as the real run")
  func stackIDsInAssertions() async {
    let store = makeStore()
    await store.send(.push) { $0.path.append(0) }
    await store.send(.push) { $0.path.append(1) }
    #expect(store.state.path.ids == [0, 1])
  }

  @Test("ids an assertion hands out are not the store's: the next step counts on from its own")
  func assertionIDsAreReplayed() async {
    let store = makeStore()
    await store.send(.push) {
      $0.path.append(0)
      // Takes id 1 and gives it back: the step's state, with one id more handed out.
      $0.path.append(99)
      $0.path.removeLast()
    }
    // The store handed out only id 0: its next push is id 1.
    await store.send(.push) { $0.path.append(1) }
    #expect(store.state.path.ids == [0, 1])
  }

  @Test("fails on a state change the test did not assert")
  func unassertedChange() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("the test asserted no change")
          && $0.rawValue.contains("+ Probe.State(")
      }
    }
  }

  @Test("fails when the asserted value differs from the actual one, with a diff")
  func wrongValue() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("was not as expected")
          && $0.rawValue.contains("- Probe.State(count: 2")
          && $0.rawValue.contains("+ Probe.State(count: 1")
      }
    }
  }

  @Test("fails when an asserted change did not happen")
  func assertedChangeDidNotHappen() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.nothing) { $0.count = 1 }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("was not as expected") }
    }
    await withKnownIssue {
      await store.send(.nothing) { _ in }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("the state did not change") }
    }
  }

  @Test("fails at finish when an action an effect sent was never received")
  func unreceivedAction() async {
    let store = makeStore()
    await store.send(.ask).finish()
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("were not received: .answer(\"42\")") }
    }
  }

  @Test("fails when sending while received actions are still unhandled")
  func sendWithPendingReceived() async {
    let store = makeStore()
    await store.send(.ask).finish()
    await withKnownIssue {
      await store.send(.nothing)
    } matching: { issue in
      // The send fails, and so does the state it saw: the unreceived answer changed it.
      issue.comments.contains {
        $0.rawValue.contains("Must handle 1 received action(s) before sending .nothing")
          || $0.rawValue.contains("the test asserted no change")
      }
    }
    await store.receive(.answer("42"))
  }

  @Test("fails when the expected action does not arrive in time")
  func receiveTimesOut() async {
    let store = makeStore()
    await withKnownIssue {
      await store.receive(.answer("never"), timeout: .milliseconds(20))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("no action was received within") }
    }
  }

  @Test("fails when a different action arrives, showing both")
  func receiveWrongAction() async {
    let store = makeStore()
    await store.send(.ask)
    await withKnownIssue {
      await store.receive(.answer("41")) { $0.answers = ["42"] }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("unexpected action")
          && $0.rawValue.contains(#"- .answer("41")"#)
          && $0.rawValue.contains(#"+ .answer("42")"#)
      }
    }
  }

  @Test("fails at finish when an effect is still running, and passes once it is cancelled")
  func effectStillRunning() async {
    let store = makeStore()
    await store.send(.listen)
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(20))
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("1 effect(s) still running after 0.02 seconds in which no effect ran")
      }
    }
    await store.send(.stopListening)
    await store.finish()
  }

  /// An effect that never suspends for long: it yields in a loop until cancelled.
  struct Spinner: Reducer {
    struct State: Equatable {}
    enum Action: Equatable { case spin, stop }
    var body: some ReducerOf<Self> {
      Reduce { _, action in
        switch action {
        case .spin:
          return .run { _ in
            while !Task.isCancelled { await Task.yield() }
          }
          .cancellable(id: "spin")
        case .stop:
          return .cancel(id: "spin")
        }
      }
    }
  }

  @Test("an effect that never stands still fails at the cut-off, and the message says so")
  func busyEffectMessage() async {
    let store = TestStore(initialState: Spinner.State()) { Spinner() }
    await store.send(.spin)
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(20))
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains(
          "still running after 1.2 seconds: the cut-off, 60 times the timeout of 0.02 seconds,"
            + " as the effects never stood still that long")
      }
    }
    await withKnownIssue {
      await store.receive(.stop, timeout: .milliseconds(20))
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("no action was received within 1.2 seconds: the cut-off")
      }
    }
    await store.send(.stop)
    await store.finish()
  }

  @Test("fails when an unimplemented dependency is used, through Swift Testing")
  func unimplementedDependency() async {
    let store = TestStore(initialState: Probe.State()) { Probe() }
    await withKnownIssue {
      await store.send(.listen).finish()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("continuousClock") }
    }
    await store.finish()
  }

  @Test("a TestStoreTask can be cancelled to stop a long effect; cancel waits until it has")
  func cancelTask() async {
    let store = makeStore()
    let task = await store.send(.listen)
    #expect(!task.isCancelled)
    await task.cancel()
    #expect(task.isCancelled)
    await store.finish()
  }

  @Test("a store released with unreceived actions reports them")
  func releasedWithUnreceivedActions() async {
    await withKnownIssue {
      var store: TestStore<Probe.State, Probe.Action>? = makeStore()
      await store?.send(.ask).finish()
      store = nil
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("were not received") }
    }
  }
}
