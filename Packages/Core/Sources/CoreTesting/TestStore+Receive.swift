import CoreDependencies
import CoreStore

extension TestStore {
  /// Waits for the next action an effect sent, checks it equals `expectedAction`, and checks
  /// the state after it like `send`. When not exhaustive, actions received before a matching
  /// one are skipped.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await receive(
      describe(expectedAction), matching: { $0 == expectedAction },
      mismatch: { Self.unexpectedAction($0, expected: expectedAction) },
      timeout: timeout, assert: updateExpected,
      at: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits for the next action an effect sent and checks it is the case `casePath` names,
  /// whatever its associated value; then checks the state like `send`.
  ///
  /// ```swift
  /// await store.receive(.itemsLoaded) { $0.isLoading = false }
  /// ```
  public func receive<Value>(
    _ casePath: CasePath<Action, Value>,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      "an action of the expected case", matching: { casePath.extract(from: $0) != nil },
      mismatch: { "Received \(ValueDescription.oneLine($0)), which is not of the expected case" },
      timeout: timeout, assert: updateExpected,
      at: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits for the next action an effect sent and checks it is the case `casePath` names with
  /// this associated value; then checks the state like `send`.
  public func receive<Value: Equatable>(
    _ casePath: CasePath<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      "an action of the expected case with \(describe(value))",
      matching: { casePath.extract(from: $0) == value },
      mismatch: { Self.unexpectedAction($0, expected: casePath.embed(value)) },
      timeout: timeout, assert: updateExpected,
      at: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits for the next action an effect sent and checks `isMatching` accepts it; then checks
  /// the state like `send`.
  ///
  /// ```swift
  /// await store.receive({ if case .loaded(let items) = $0 { items.count == 3 } else { false } })
  /// ```
  public func receive(
    _ isMatching: (Action) -> Bool,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      "an action the predicate accepts", matching: isMatching,
      mismatch: { "Received \(ValueDescription.oneLine($0)), which the predicate rejected" },
      timeout: timeout, assert: updateExpected,
      at: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private static func unexpectedAction(_ received: Action, expected: Action) -> String {
    let diff = TextDiff.lines(
      from: ValueDescription.lines(of: expected), to: ValueDescription.lines(of: received))
    return (["Received an unexpected action (- expected, + received):"] + diff)
      .joined(separator: "\n")
  }

  /// The one receive: exhaustive, the next received action must match; not exhaustive, the
  /// first matching one is taken and the ones before it are skipped.
  private func receive(
    _ expected: @autoclosure () -> String,
    matching: (Action) -> Bool,
    mismatch: (Action) -> String,
    timeout: Duration?,
    assert updateExpected: ((inout State) throws -> Void)?,
    at location: IssueLocation
  ) async {
    isFinished = false
    beginStep()
    defer { endStep() }
    let wait = timeout ?? self.timeout
    let exhaustive = exhaustivity == .on
    let arrived = await harness.wait(timeout: wait) {
      exhaustive
        ? !self.harness.received.isEmpty : self.harness.received.contains { matching($0.action) }
    }
    guard arrived else {
      let others = harness.received.map { describe($0.action) }
      report(
        others.isEmpty
          ? "Expected to receive \(expected()), but no action was received within "
            + harness.lastWaitEnd.describe(wait)
          : "Expected to receive \(expected()), but no matching action was received within "
            + "\(harness.lastWaitEnd.describe(wait)); received instead: "
            + others.joined(separator: ", "),
        at: location)
      return
    }
    if !exhaustive {
      let index = harness.received.firstIndex { matching($0.action) } ?? 0
      let skipped = harness.received.prefix(index).map { describe($0.action) }
      harness.received.removeFirst(index)
      if !skipped.isEmpty {
        skip(
          "\(skipped.count) received action(s) before it: \(skipped.joined(separator: ", "))",
          at: location)
      }
    }
    let received = harness.received.removeFirst()
    harness.currentLocation = location
    guard matching(received.action) else {
      // The wrong action: say so alone (a state diff against another action's assertion would
      // only mislead) and take its state as asserted, as TCA does, so the next step is checked
      // from where the store is.
      report(mismatch(received.action), at: location)
      assertedState = received.state
      await settle()
      return
    }
    check(
      actual: received.state, firstStackID: received.firstStackID, shared: received.shared,
      updateExpected: updateExpected, step: "receiving \(describe(received.action))",
      at: location)
    await settle()
  }
}
