import CoreDependencies
import Testing

extension IssueReporter {
  /// Records each issue as a Swift Testing issue at the place that reported it, so it fails
  /// the running test (or is matched by `withKnownIssue`).
  ///
  /// ```swift
  /// withDependencies { $0.issueReporter = .swiftTesting } operation: {
  ///   unimplementedClient.load()  // fails the test
  /// }
  /// ```
  public static let swiftTesting = IssueReporter { message, location in
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(
        fileID: location.fileID,
        filePath: location.filePath,
        line: location.line,
        column: location.column))
  }
}

extension IssueReporter {
  /// Records each issue in whichever test framework runs the current test, once: a Swift
  /// Testing issue inside a Swift Testing test, an XCTest failure (`XCTFail`) inside an XCTest
  /// test, and the standard one-line warning on standard error outside any test. What a
  /// `TestStore` and the root values of a test process report to.
  public static let testFramework = IssueReporter { message, location in
    if Test.current != nil {
      IssueReporter.swiftTesting(message, at: location)
    } else if XCTestBridge.isRunningTest {
      XCTestBridge.fail(message, at: location)
    } else {
      IssueReporter.standardError(message, at: location)
    }
  }
}

extension LinkedTestFramework: TestFrameworkAdapter {
  /// Records the issue in the framework running the test (``IssueReporter/testFramework``):
  /// what the root values report to in a test process.
  public static func record(_ message: String, at location: IssueLocation) {
    IssueReporter.testFramework(message, at: location)
  }

  /// The running Swift Testing test, so the root values keep a cache per test.
  public static var currentTestID: String? {
    Test.current.map { "\($0.id)" }
  }
}

/// Runs `operation` with issues reported to Swift Testing; for tests of code that reports
/// issues outside a `TestStore`.
///
/// ```swift
/// await withKnownIssue {
///   await withSwiftTestingIssues { await client.load() }
/// }
/// ```
public func withSwiftTestingIssues<Result>(
  isolation: isolated (any Actor)? = #isolation,
  _ operation: () async throws -> Result
) async rethrows -> Result {
  try await withDependencies {
    $0.issueReporter = .swiftTesting
  } operation: {
    try await operation()
  }
}

/// Runs `operation` with issues reported to Swift Testing (synchronous form).
public func withSwiftTestingIssues<Result>(_ operation: () throws -> Result) rethrows -> Result {
  try withDependencies {
    $0.issueReporter = .swiftTesting
  } operation: {
    try operation()
  }
}
