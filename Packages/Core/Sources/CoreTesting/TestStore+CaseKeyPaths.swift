import CoreDependencies
import CoreStore

extension TestStore where Action: CasePathable {
  /// Sends the action a case key path names, with its value, as TCA spells it:
  /// `await store.send(\.nameChanged, "Ann") { $0.name = "Ann" }`.
  @discardableResult
  public func send<Value>(
    _ casePath: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      CasePath(casePath).embed(value), assert: updateExpected, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Sends the action a case key path names when its case has no value: `send(\.onAppear)`.
  @discardableResult
  public func send(
    _ casePath: CaseKeyPath<Action, Void>,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      CasePath(casePath).embed(()), assert: updateExpected, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Receives an action of the case a case key path names, whatever its value, as TCA spells
  /// it: `await store.receive(\.itemsLoaded) { $0.isLoading = false }`, or through nested
  /// enums, `\.path[id: 0].detail.delegate`.
  public func receive<Value>(
    _ casePath: CaseKeyPath<Action, Value>,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      CasePath(casePath), timeout: timeout, assert: updateExpected, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Receives an action of the case a case key path names with this value:
  /// `await store.receive(\.itemsLoaded, [milk]) { … }`.
  public func receive<Value: Equatable>(
    _ casePath: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      CasePath(casePath), value, timeout: timeout, assert: updateExpected, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }
}

extension TestStore {
  /// Runs `operation` with another exhaustivity, then restores the one before, as TCA's
  /// `withExhaustivity`.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.refresh)
  ///   await store.receive(\.loaded)
  /// }
  /// ```
  public func withExhaustivity<Result>(
    _ exhaustivity: Exhaustivity,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    let before = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = before }
    return try await operation()
  }

  /// Asserts the state as it is now, without sending anything: `updateExpected` applied to
  /// the last asserted state must give the current state (TCA's `store.assert`). Unlike a
  /// step, it may change nothing.
  public func assert(
    _ updateExpected: (inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    withoutActuallyEscaping(updateExpected) { updateExpected in
      check(
        actual: state, firstStackID: harness.stackIDs.peek(),
        shared: harness.sharedChanges?.capture(),
        updateExpected: updateExpected, step: "asserting", requiresChange: false, at: location)
    }
  }
}
