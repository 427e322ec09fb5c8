import CoreDependencies
import CoreStore

/// Drives a feature in a test and insists that the test accounts for everything it does.
///
/// Exhaustive: a test fails when an action changes the state in a way the test did not
/// assert, when an asserted change did not happen, when an effect sent an action the test did
/// not `receive`, and when an effect is still running at `finish()`. Failures are Swift Testing
/// issues with a line diff (`-` expected, `+` actual).
///
/// Dependencies start from their test values, with a fresh cache per store (ids count from 0).
/// They are current while the initial state and the reducer are built and while assertion
/// closures run, as well as in every reduce and effect.
///
/// Effects run deterministically: while the store sends, receives and finishes, every task of
/// the process runs on the main thread one job at a time (``withMainSerialExecutor``), so an
/// effect started by `send` has reached its first suspension (a clock's sleep, say) by the
/// time `send` returns, and a test needs no polling before it advances a ``TestClock``.
///
/// A test store released while effects still run, or with actions its effects sent that the
/// test did not receive, fails the test; the store's effects are then cancelled.
///
/// ```swift
/// @Test func incrementing() async {
///   let store = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
///   await store.send(.increment) { $0.count = 1 }
///   await store.finish()
/// }
/// ```
@MainActor
public final class TestStore<State: Equatable, Action: Sendable> {
  /// How long ``receive(_:timeout:assert:fileID:filePath:line:column:)`` and ``finish(timeout:fileID:filePath:line:column:)`` wait by default.
  public var timeout: Duration = .seconds(1)

  private let store: Store<State, Action>
  private let harness: TestHarness<State, Action>
  private let dependencies: DependencyValues
  private var assertedState: State
  /// Whether the effects and received actions were checked since the last step: by `finish()`.
  private var isFinished = false
  private let location: IssueLocation

  /// Makes a test store; `withDependencies` overrides test values for every reduce and effect,
  /// and for building the initial state and the reducer.
  public init<R: Reducer>(
    initialState: @autoclosure () -> State,
    reducer: () -> R,
    withDependencies prepare: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    let harness = TestHarness<State, Action>()
    var dependencies = DependencyValues(context: .test)
    dependencies.issueReporter = .swiftTesting
    prepare(&dependencies)
    // The state first, then the reducer, as a Store builds them.
    let store = DependencyValues.$current.withValue(dependencies) {
      let state = initialState()
      let base = reducer()
      return Store(initialState: state) { TestReducer(base: base, harness: harness) }
    }
    self.harness = harness
    self.dependencies = dependencies
    self.store = store
    self.assertedState = store.state
    self.location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  // Not `isolated`: an isolated deinit runs without the test's task-local context, so the
  // issue would not be attributed to the test that leaked the actions. Releasing `store`
  // afterwards cancels whatever still runs.
  deinit {
    guard !isFinished else { return }
    if !harness.received.isEmpty {
      IssueReporter.swiftTesting(
        Self.unreceivedMessage(harness.received.map(\.action)), at: location)
    }
    let running = harness.inFlight.values
    if !running.isEmpty {
      IssueReporter.swiftTesting(Self.runningMessage(Array(running), after: nil), at: location)
    }
  }

  /// The state now, including changes not asserted yet.
  public var state: State { store.state }

  /// Sends an action and checks the state right after it against `updateExpected` applied to
  /// the last asserted state. Fails when effects sent actions that were not received yet.
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
    if !harness.received.isEmpty {
      report(
        "Must handle \(harness.received.count) received action(s) before sending \(describe(action)): "
          + harness.received.map { describe($0.action) }.joined(separator: ", "),
        at: location)
    }
    isFinished = false
    MainSerialExecutor.enable()
    defer { MainSerialExecutor.disable() }
    harness.currentLocation = location
    harness.isSending = true
    let task = store.send(action)
    harness.isSending = false
    guard let sent = harness.sent else {
      report("The store did not process \(describe(action))", at: location)
      return TestStoreTask(task: task)
    }
    harness.sent = nil
    check(
      actual: sent.state, firstStackID: sent.firstStackID, updateExpected: updateExpected,
      step: "sending \(describe(action))", at: location)
    await settle()
    return TestStoreTask(task: task)
  }

  /// Waits for the next action an effect sent, checks it equals `expectedAction`, and checks
  /// the state after it like ``send(_:assert:fileID:filePath:line:column:)``.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    isFinished = false
    MainSerialExecutor.enable()
    defer { MainSerialExecutor.disable() }
    let wait = timeout ?? self.timeout
    guard await waitUntil(timeout: wait, { !self.harness.received.isEmpty }) else {
      report(
        "Expected to receive \(describe(expectedAction)), but no action was received "
          + "within \(wait)",
        at: location)
      return
    }
    let received = harness.received.removeFirst()
    if received.action != expectedAction {
      let diff = TextDiff.lines(
        from: ValueDescription.lines(of: expectedAction),
        to: ValueDescription.lines(of: received.action))
      report(
        (["Received an unexpected action (- expected, + received):"] + diff).joined(
          separator: "\n"),
        at: location)
    }
    harness.currentLocation = location
    check(
      actual: received.state, firstStackID: received.firstStackID,
      updateExpected: updateExpected, step: "receiving \(describe(received.action))",
      at: location)
    await settle()
  }

  /// Waits for every effect to end, then fails for each action not received and each effect
  /// still running. Call it at the end of a test that starts effects.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    isFinished = true
    MainSerialExecutor.enable()
    defer { MainSerialExecutor.disable() }
    let wait = timeout ?? self.timeout
    _ = await waitUntil(timeout: wait, { self.harness.inFlight.isEmpty })
    if !harness.received.isEmpty {
      report(unreceivedMessage(), at: location)
    }
    let running = Array(harness.inFlight.values)
    if !running.isEmpty {
      report(Self.runningMessage(running, after: wait), at: location)
    }
  }

  private nonisolated static func runningMessage(
    _ running: [IssueLocation], after wait: Duration?
  ) -> String {
    let starts = running.sorted { $0.line < $1.line }.map(\.description)
    let when =
      wait.map { "still running after \($0)" } ?? "still running when the test store was released"
    return "\(running.count) effect(s) \(when), started at \(starts.joined(separator: ", ")); "
      + "cancel them (.cancel(id:)) or await their end with await store.finish()"
  }

  private func unreceivedMessage() -> String {
    Self.unreceivedMessage(harness.received.map(\.action))
  }

  private nonisolated static func unreceivedMessage(_ actions: [Action]) -> String {
    "\(actions.count) action(s) sent by effects were not received: "
      + actions.map { ValueDescription.oneLine($0) }.joined(separator: ", ")
      + "; assert each with await store.receive(...), then await store.finish()"
  }

  private func check(
    actual: State,
    firstStackID: StackElementID,
    updateExpected: ((inout State) throws -> Void)?,
    step: String,
    at location: IssueLocation
  ) {
    let before = assertedState
    var expected = before
    assertedState = actual
    if let updateExpected {
      // The store's dependencies, with stack ids replayed from where the step started.
      var values = dependencies
      values.stackElementID = StackElementIDGenerator(startingAt: firstStackID)
      do {
        try DependencyValues.$current.withValue(values) {
          try updateExpected(&expected)
        }
      } catch {
        report("The assertion closure threw \(error) while \(step)", at: location)
        return
      }
    }
    if expected != actual {
      let diff = TextDiff.lines(
        from: ValueDescription.lines(of: expected), to: ValueDescription.lines(of: actual))
      let headline =
        updateExpected == nil
        ? "State changed while \(step), but the test asserted no change (- expected, + actual):"
        : "State after \(step) was not as expected (- expected, + actual):"
      report(([headline] + diff).joined(separator: "\n"), at: location)
    } else if updateExpected != nil, actual == before {
      report(
        "Expected a state change while \(step), but the state did not change; "
          + "leave out the trailing closure when no change is expected",
        at: location)
    }
  }

  private func report(_ message: String, at location: IssueLocation) {
    IssueReporter.swiftTesting(message, at: location)
  }

  private func describe(_ action: Any) -> String {
    ValueDescription.oneLine(action)
  }

  /// Lets effects that were just started or woken run up to their next suspension: on the
  /// main serial executor each yield lets every job that is ready run once.
  private func settle() async {
    guard !harness.inFlight.isEmpty else { return }
    for _ in 0..<50 {
      await Task.yield()
    }
  }
}

/// The effects started by one `TestStore.send`.
public struct TestStoreTask: Sendable {
  let task: StoreTask

  /// Waits until those effects end.
  public func finish() async {
    await task.finish()
  }

  /// Cancels those effects (for a test that stops a long-running effect on purpose).
  public func cancel() {
    task.cancel()
  }
}
