import CoreDependencies
import CoreStore
import Testing

extension TestStore {
  /// Checks the state after a step, with the store's dependencies bound for it; see
  /// ``checkStep(actual:firstStackID:shared:updateExpected:step:requiresChange:at:)``.
  func check(
    actual: State,
    firstStackID: StackElementID,
    shared capture: SharedCapture?,
    updateExpected: ((inout State) throws -> Void)?,
    step: @autoclosure () -> String,
    requiresChange: Bool = true,
    at location: IssueLocation
  ) {
    DependencyValues.$current.binding(harness.dependencies) {
      checkStep(
        actual: actual, firstStackID: firstStackID, shared: capture,
        updateExpected: updateExpected, step: step(), requiresChange: requiresChange,
        at: location)
    }
  }

  /// Checks the state after a step; the store's dependencies must be current (`send` checks
  /// inside the store's own send, where they are). Exhaustive: `updateExpected` applied to
  /// the last asserted state must give the actual state. Not exhaustive: it runs on the
  /// actual state only (an `#expect` inside it sees the state after the step) and must change
  /// nothing there; with `showSkippedAssertions` it also runs on the last asserted state,
  /// inside a known issue, to show what the test left unasserted, as TCA does.
  func checkStep(
    actual: State,
    firstStackID: StackElementID,
    shared capture: SharedCapture?,
    updateExpected: ((inout State) throws -> Void)?,
    step: @autoclosure () -> String,
    requiresChange: Bool = true,
    at location: IssueLocation
  ) {
    let before = assertedState
    // Shared values the step changed keep what the test last asserted until the step is
    // checked: the closure changes that (`$0.$items.withLock { … }`), and `==` compares it
    // with the actual value. After the check the actual values are the asserted ones.
    let shared = harness.sharedChanges
    let sharedChanged = !(capture?.isEmpty ?? true)
    // Values changed after the step's action ended are checked as they were before. (An
    // `if` rather than `flatMap`: a closure handed to the standard library here would get a
    // run-time isolation check on every step; see `TaskLocal.binding`.)
    let capture: SharedCapture? =
      if let capture, let shared { shared.completing(capture) } else { nil }
    if exhaustivity != .on { shared?.startAssertingFromActual(asOf: capture) }
    // `store.state` inside the closure is the state before the step, as in TCA; after it, the
    // step's state is the asserted one.
    defer {
      assertedState = actual
      shared?.acceptChanges(asOf: capture)
    }
    // The actual shared values are the ones the step's action left, whatever came after.
    // With nothing captured, every read is of the value as it is (a task-local push less).
    guard let capture, !capture.isEmpty else {
      return compare(
        actual: actual, before: before, firstStackID: firstStackID,
        sharedChanged: sharedChanged, updateExpected: updateExpected, step: step,
        requiresChange: requiresChange, at: location)
    }
    SharedChangeTracker.$actualAsOf.binding(capture) {
      compare(
        actual: actual, before: before, firstStackID: firstStackID,
        sharedChanged: sharedChanged, updateExpected: updateExpected, step: step,
        requiresChange: requiresChange, at: location)
    }
  }

  /// The comparison `check` makes, once the shared values are set up.
  private func compare(
    actual: State, before: State, firstStackID: StackElementID, sharedChanged: Bool,
    updateExpected: ((inout State) throws -> Void)?,
    step: () -> String, requiresChange: Bool, at location: IssueLocation
  ) {
    var expected = exhaustivity == .on ? before : actual
    if let updateExpected {
      // With stack ids replayed from where the step started.
      do {
        try harness.replaying(from: firstStackID, asserting: true) { try updateExpected(&expected) }
      } catch {
        report("The assertion closure threw \(error) while \(step())", at: location)
        return
      }
    }
    if expected != actual {
      let expectedLines = harness.replaying(from: firstStackID, asserting: true) {
        ValueDescription.lines(of: expected)
      }
      let diff = TextDiff.lines(from: expectedLines, to: ValueDescription.lines(of: actual))
      let headline =
        updateExpected == nil
        ? "State changed while \(step()), but the test asserted no change (- expected, + actual):"
        : "State after \(step()) was not as expected (- expected, + actual):"
      report(([headline] + diff).joined(separator: "\n"), at: location)
    } else if requiresChange, exhaustivity == .on, updateExpected != nil, !sharedChanged,
      actual == before
    {
      report(
        "Expected a state change while \(step()), but the state did not change; "
          + "leave out the trailing closure when no change is expected",
        at: location)
    } else if case .off(showSkippedAssertions: true) = exhaustivity, before != actual {
      showSkipped(
        from: before, to: actual, updateExpected: updateExpected, firstStackID: firstStackID,
        step: step(), at: location)
    }
  }

  /// What a non-exhaustive step left unasserted, as a known issue: the closure applied to the
  /// last asserted state (its own `#expect`s may fail there, so it runs inside a known issue),
  /// against the actual state.
  private func showSkipped(
    from before: State, to actual: State, updateExpected: ((inout State) throws -> Void)?,
    firstStackID: StackElementID, step: String, at location: IssueLocation
  ) {
    var asserted = before
    if let updateExpected, Test.current != nil {
      withKnownIssue(isIntermittent: true) {
        try harness.replaying(from: firstStackID, asserting: false) {
          try updateExpected(&asserted)
        }
      }
    }
    guard asserted != actual else { return }
    let diff = TextDiff.lines(
      from: ValueDescription.lines(of: asserted), to: ValueDescription.lines(of: actual))
    skip(
      (["State changes not asserted while \(step) (- asserted, + actual):"] + diff)
        .joined(separator: "\n"),
      at: location)
  }

  /// A failure, always.
  func report(_ message: String, at location: IssueLocation) {
    IssueReporter.testFramework(message, at: location)
  }

  /// Something exhaustivity would fail on: a failure when exhaustive; when not, nothing, or a
  /// known issue with `showSkippedAssertions`.
  func skip(_ message: @autoclosure () -> String, at location: IssueLocation) {
    switch exhaustivity {
    case .on:
      report(message(), at: location)
    case .off(let showSkippedAssertions):
      if showSkippedAssertions {
        let text = "Skipped: " + message()
        skippedAssertions.append(text)
        Self.record(text, at: location, asKnownIssue: true)
      }
    }
  }

  func describe(_ action: Any) -> String {
    ValueDescription.oneLine(action)
  }

  nonisolated static func record(
    _ message: String, at location: IssueLocation, asKnownIssue: Bool
  ) {
    guard asKnownIssue else {
      IssueReporter.testFramework(message, at: location)
      return
    }
    // A known issue is Swift Testing's; XCTest has no such thing on Linux, so a skipped
    // assertion is shown only there.
    guard Test.current != nil else { return }
    withKnownIssue {
      IssueReporter.swiftTesting(message, at: location)
    }
  }

  nonisolated static func unreceivedMessage(_ actions: [Action]) -> String {
    "\(actions.count) action(s) sent by effects were not received: "
      + actions.map { ValueDescription.oneLine($0) }.joined(separator: ", ")
      + "; assert each with await store.receive(...), then await store.finish()"
  }

  nonisolated static func runningMessage(
    _ running: [IssueLocation], after wait: String?
  ) -> String {
    let starts = running.sorted { $0.line < $1.line }.map(\.description)
    let when =
      wait.map { "still running after \($0)" } ?? "still running when the test store was released"
    return "\(running.count) effect(s) \(when), started at \(starts.joined(separator: ", ")); "
      + "cancel them (.cancel(id:)) or await their end with await store.finish()"
  }
}
