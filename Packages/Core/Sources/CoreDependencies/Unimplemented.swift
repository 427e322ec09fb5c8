/// The error an unimplemented throwing closure throws after reporting its issue.
public struct UnimplementedError: Error, Equatable, CustomStringConvertible {
  /// The name given to `unimplemented(_:)`, like `ItemsClient.load`.
  public let name: String

  /// The error for the closure called `name`.
  public init(name: String) {
    self.name = name
  }

  /// `Unimplemented: <name>`.
  public var description: String { "Unimplemented: \(name)" }
}

/// The error a client's endpoint throws when a test calls it without overriding it, as
/// swift-dependencies' `@DependencyClient` writes one by hand:
/// `var fetch: @Sendable (Int) async throws -> String = { _ in
/// reportIssue("Unimplemented: 'FactClient.fetch'"); throw Unimplemented("fetch") }`.
public struct Unimplemented: Error, Equatable, CustomStringConvertible {
  /// The endpoint's name.
  public let endpoint: String

  /// The error for `endpoint`.
  public init(_ endpoint: String) {
    self.endpoint = endpoint
  }

  /// `Unimplemented: <endpoint>`.
  public var description: String { "Unimplemented: \(endpoint)" }
}

/// A throwing closure that reports an issue and throws ``UnimplementedError`` when called.
///
/// Test values use it so that a test that reaches a client it did not set up fails and says
/// which endpoint was called.
///
/// ```swift
/// static let testValue = ItemsClient(
///   load: unimplemented("ItemsClient.load"),
///   save: unimplemented("ItemsClient.save")
/// )
/// ```
public func unimplemented<each Argument, Result>(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Result {
  let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (_: repeat each Argument) in
    reportIssue(unimplementedMessage(name), at: location)
    throw UnimplementedError(name: name)
  }
}

/// A non-throwing closure that reports an issue and returns `placeholder` when called.
///
/// ```swift
/// static let testValue = NavigationLogClient(log: unimplemented("log", placeholder: ()))
/// ```
public func unimplemented<each Argument, Result: Sendable>(
  _ name: String,
  placeholder: Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (_: repeat each Argument) in
    reportIssue(unimplementedMessage(name), at: location)
    return placeholder
  }
}

/// A non-throwing async closure that reports an issue and returns `placeholder` when called.
///
/// ```swift
/// static let testValue = LogClient(write: unimplemented("LogClient.write", placeholder: ()))
/// ```
public func unimplemented<each Argument, Result: Sendable>(
  _ name: String,
  placeholder: Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Result {
  let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (_: repeat each Argument) in
    reportIssue(unimplementedMessage(name), at: location)
    return placeholder
  }
}

private func unimplementedMessage(_ name: String) -> String {
  "Unimplemented: \(name) was called; override it in this test with withDependencies"
}
