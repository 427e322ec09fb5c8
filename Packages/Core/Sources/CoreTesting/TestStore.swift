import CoreDependencies
import CoreStore

/// Drives a feature in a test and insists that the test accounts for everything it does.
///
/// Exhaustive by default: a test fails when an action changes the state in a way the test did
/// not assert, when an asserted change did not happen, when an effect sent an action the test
/// did not `receive`, and when an effect is still running at `finish()` or when the store is
/// released. With ``exhaustivity`` `.off` it checks only what the test asserts. Failures are
/// Swift Testing issues with a line diff (`-` expected, `+` actual).
///
/// Dependencies start from their test values, with a fresh cache per store (ids count from 0);
/// shared values' storages are the test's, so the test body's `@Shared(.key)` is the store's.
/// They are current while the initial state and the reducer are built and while assertion
/// closures run, as well as in every reduce and effect; change ``dependencies`` between steps
/// to give later steps other values.
///
/// Effects run deterministically, as on TCA's main serial executor: for the store's whole life
/// their jobs run on the main thread, one at a time, in the order they became ready, so they
/// move only while a main-actor test awaits something (the store, a `TestClock`,
/// `Task.sleep`), and jobs a real clock wakes run in the order they were woken. While the store sends, receives and finishes,
/// every other task of the process runs on the main executor too (`withMainSerialExecutor`).
/// An effect started by `send` has reached its first suspension (a clock's sleep, say) by the
/// time `send` returns, and a test needs no polling before it advances a `TestClock`.
///
/// ```swift
/// @Test func incrementing() async {
///   let store = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
///   await store.send(.increment) { $0.count = 1 }
///   await store.finish()
/// }
/// ```
@MainActor
public final class TestStore<State: Equatable, Action> {
  // Its settings and bookkeeping skip Swift's dynamic exclusivity check, as the harness's do
  // (each check costs about 60 instructions, and a step reads `exhaustivity` twice): the
  // store is main-actor isolated and every access to them is instantaneous.
  /// How long `receive` and `finish` wait by default for effects that stand still: the time
  /// runs only while no job of the store's effects runs, so a busy machine that runs them
  /// slowly makes a step wait longer, never fail (up to 60 times this, for a job that never
  /// suspends).
  @exclusivity(unchecked) public var timeout: Duration = .seconds(1)
  /// Whether every change, action and effect must be asserted (`.on`, the default) or only
  /// what the test asserts (`.off`).
  @exclusivity(unchecked) public var exhaustivity: Exhaustivity = .on

  @usableFromInline let store: Store<State, Action>
  @usableFromInline let harness: TestHarness<State, Action>
  @usableFromInline @exclusivity(unchecked) var assertedState: State
  /// Whether the effects and received actions were checked since the last step: by `finish()`.
  @exclusivity(unchecked) var isFinished = false
  /// What a not exhaustive store let pass, when it shows skipped assertions.
  @exclusivity(unchecked) var skippedAssertions: [String] = []
  @usableFromInline let location: IssueLocation

  /// Makes a test store; `withDependencies` overrides test values for every reduce and effect,
  /// and for building the initial state and the reducer.
  ///
  /// Inlinable, so the store it makes is specialised for the test's reducer.
  @inlinable
  public init<R: Reducer>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepare: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    var dependencies = DependencyValues(context: .test)
    dependencies.issueReporter = .testFramework
    // Shared values changed in this store's steps keep what the test last asserted.
    dependencies.sharedChangeTracker = SharedChangeTracker()
    // Shared values live where the test's own code finds them, one storage per test (as TCA's
    // default storages): `@Shared(.key)` in the test body is the value the store changes.
    let current = DependencyValues.current
    if current.context == .test {
      dependencies.defaultInMemoryStorage = current.defaultInMemoryStorage
      dependencies.defaultFileStorage = current.defaultFileStorage
      dependencies.defaultAppStorage = current.defaultAppStorage
    }
    DependencyValues.update(&dependencies, with: prepare)
    // The state first, then the reducer, as a Store builds them.
    let harness = TestHarness<State, Action>(dependencies: dependencies, initialState: initialState)
    let state = harness.initialState
    let store = DependencyValues.$current.withValue(harness.dependencies) {
      let base = reducer()
      return Store(initialState: state) { TestReducer(base: base, harness: harness) }
    }
    // Shared values the initial state set (`State(items:)` writing its shared items) are where
    // the test starts, not a change of its first step.
    dependencies.sharedChangeTracker?.acceptChanges()
    self.harness = harness
    self.store = store
    harness.cancelsWork(of: store)
    self.assertedState = store.unobservedState
    self.location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  // Not `isolated`: an isolated deinit runs without the test's task-local context, so the
  // issue would not be attributed to the test that leaked the actions. Releasing `store`
  // afterwards cancels whatever still runs.
  deinit {
    harness.effects.release()
    guard !isFinished else { return }
    let asKnownIssue: Bool
    switch exhaustivity {
    case .on: asKnownIssue = false
    case .off(let showSkippedAssertions):
      guard showSkippedAssertions else { return }
      asKnownIssue = true
    }
    let unreceived = harness.received.map(\.action)
    let requests = harness.navigationRequests
    let running = Array(harness.inFlight.values)
    if !requests.isEmpty {
      Self.record(
        Self.unassertedNavigationMessage(requests, before: "before the test ends"),
        at: location, asKnownIssue: asKnownIssue)
    }
    if !unreceived.isEmpty {
      Self.record(Self.unreceivedMessage(unreceived), at: location, asKnownIssue: asKnownIssue)
    }
    if !running.isEmpty {
      Self.record(
        Self.runningMessage(running, after: nil), at: location, asKnownIssue: asKnownIssue)
    }
  }

  /// The state as the test last asserted it, as in TCA: after each step, the state that step
  /// left; inside an assertion closure, the state before the step. Changes the test has not
  /// asserted yet (actions not received) are not in it.
  public var state: State { assertedState }

  /// Whether the feature at the root called `dismiss()`: then its work is cancelled and
  /// sending to it fails, as in TCA.
  public var isDismissed: Bool { harness.isDismissed }

  /// The dependencies of the next steps. Changes apply to every reduce from the next step on,
  /// and to the effects those reduces start.
  ///
  /// ```swift
  /// store.dependencies.uuid = .incrementing
  /// ```
  public var dependencies: DependencyValues {
    get { harness.dependencies }
    set {
      harness.dependencies = newValue
      store.replaceDependencies(newValue)
    }
  }

  /// Sends an action and checks the state right after it against `updateExpected` applied to
  /// the last asserted state (or, when not exhaustive, applied to the actual state, which it
  /// must leave unchanged). When exhaustive, fails if effects sent actions not received yet.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard !harness.isDismissed else {
      report(
        "Can't send \(describe(action)) to a dismissed test store: the feature at its root "
          + "called dismiss()",
        at: location)
      return TestStoreTask(task: nil)
    }
    if harness.hasReceived {
      let pending = harness.received.map(\.action)
      skip(
        "Must handle \(pending.count) received action(s) before sending \(describe(action)): "
          + pending.map(describe).joined(separator: ", "),
        at: location)
      // Exhaustive, they stay to be received; otherwise they are skipped.
      if exhaustivity != .on {
        harness.received.removeAll()
      }
    }
    reportUnassertedNavigation(before: "before sending \(describe(action))", at: location)
    isFinished = false
    // The effects the action starts wait until its state is checked (they move in `settle`):
    // one that changes a shared value must not change it while the check reads it.
    MainSerialExecutor.enable()
    defer { MainSerialExecutor.disable() }
    harness.currentLocation = location
    harness.isSending = true
    var wasSent = false
    // Checked inside the store's send, where its dependencies are current.
    let task = store.send(action) {
      guard harness.hasSent else { return }
      harness.hasSent = false
      wasSent = true
      checkStep(
        actual: harness.sentState, firstStackID: harness.sentFirstStackID,
        shared: harness.sentShared,
        updateExpected: updateExpected,
        step: "sending \(describe(action))", at: location)
    }
    harness.isSending = false
    guard wasSent else {
      report("The store did not process \(describe(action))", at: location)
      return TestStoreTask(task: task)
    }
    // Tested here too, so a step that started no effect makes no async call.
    if !harness.inFlight.isEmpty { await settle() }
    return TestStoreTask(task: task)
  }

  /// Waits for every effect to end, then fails for each effect still running and, when
  /// exhaustive, for each action not received. Call it at the end of a test that starts
  /// effects.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    isFinished = true
    beginStep()
    defer { endStep() }
    let wait = timeout ?? self.timeout
    _ = await harness.wait(timeout: wait) { self.harness.inFlight.isEmpty }
    if let last = harness.received.last {
      skip(Self.unreceivedMessage(harness.received.map(\.action)), at: location)
      harness.received.removeAll()
      // Not exhaustive, they were skipped: their state is the store's now.
      assertedState = last.state
    }
    reportUnassertedNavigation(before: "before the test ends", at: location)
    let running = Array(harness.inFlight.values)
    if !running.isEmpty {
      report(
        Self.runningMessage(running, after: harness.lastWaitEnd.describe(wait)), at: location)
    }
  }

  /// Lets effects that were just started or woken run up to their next suspension.
  func settle() async {
    guard !harness.inFlight.isEmpty else { return }
    await harness.effects.settle(.fromMain, limit: timeout)
  }

  /// Starts a step of the test: the other tasks of the process run on the main serial
  /// executor, one job at a time, so work an effect awaits elsewhere comes back within it.
  func beginStep() {
    MainSerialExecutor.enable()
  }

  /// Ends a step begun with ``beginStep()``.
  func endStep() {
    MainSerialExecutor.disable()
  }
}

/// The effects started by one `TestStore.send`.
public struct TestStoreTask: Sendable {
  /// The effects; nil when the action was not sent (the store was dismissed).
  let task: StoreTask?

  /// Waits until those effects end.
  public func finish() async {
    await task?.finish()
  }

  /// Cancels those effects and waits until they have stopped (for a test that stops a
  /// long-running effect on purpose): `await task.cancel()`, as TCA's is.
  public func cancel() async {
    task?.cancel()
    await finish()
  }

  /// Whether those effects were cancelled (true when there were none).
  public var isCancelled: Bool { task?.isCancelled ?? true }
}
