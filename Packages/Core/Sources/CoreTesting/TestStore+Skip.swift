import CoreDependencies
import CoreStore

extension TestStore {
  /// Drops every action effects sent that the test has not received, taking the state after
  /// the last of them as asserted. With `strict`, fails when there is none to skip.
  ///
  /// ```swift
  /// await store.send(.refresh)
  /// await store.skipReceivedActions()
  /// ```
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    beginStep()
    defer { endStep() }
    await settle()
    guard let last = harness.received.last else {
      if strict {
        report(
          "There were no received actions to skip; pass strict: false to allow it", at: location)
      }
      return
    }
    let skipped = harness.received.map { describe($0.action) }
    harness.received.removeAll()
    assertedState = last.state
    if case .off(showSkippedAssertions: true) = exhaustivity {
      skip("\(skipped.count) received action(s): \(skipped.joined(separator: ", "))", at: location)
    }
  }

  /// Cancels every effect still running and stops tracking it, so `finish()` and releasing
  /// the store do not fail on it. With `strict`, fails when none is running.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    beginStep()
    defer { endStep() }
    let running = harness.inFlight.count
    guard running > 0 else {
      if strict {
        report(
          "There were no in-flight effects to skip; pass strict: false to allow it", at: location)
      }
      return
    }
    store.cancelAllEffects()
    harness.forgetInFlightEffects()
    await settle()
    if case .off(showSkippedAssertions: true) = exhaustivity {
      skip("\(running) in-flight effect(s); they were cancelled", at: location)
    }
  }
}
