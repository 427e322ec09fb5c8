import CoreDependencies

extension CasePathable {
  /// Whether this value is the case `keyPath` names, as swift-case-paths' `is(_:)`:
  /// `state.destination?.is(\.alert) == true`.
  public func `is`<Value>(_ keyPath: CaseKeyPath<Self, Value>) -> Bool {
    CasePath(keyPath).extract(from: self) != nil
  }

  /// Changes the value of the case `keyPath` names in place, as swift-case-paths' `modify`:
  /// `$0.destination?.modify(\.edit) { $0.title = "Blob" }` in a test's assertion. A value of
  /// another case is left as it is and reported: the test asserted a case that is not there.
  public mutating func modify<Value>(
    _ keyPath: CaseKeyPath<Self, Value>,
    yield body: (inout Value) -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    guard CasePath(keyPath).modify(&self, body) else {
      reportIssue(
        "Can't modify \(self) as the case \(keyPath): it is another case; assign the value "
          + "you expect instead",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
  }
}
