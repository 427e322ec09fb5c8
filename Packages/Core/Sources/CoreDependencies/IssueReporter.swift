#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where an issue was found: the source position that a reporter points at.
public struct IssueLocation: Sendable, Equatable, CustomStringConvertible {
  // Kept as static strings: reducers capture a location every time their body is built, so
  // making it must cost nothing; the strings are made only when an issue is reported.
  private let staticFileID: StaticString
  private let staticFilePath: StaticString
  /// The line that reported.
  public let line: Int
  /// The column that reported.
  public let column: Int

  /// Captures the caller's position.
  ///
  /// ```swift
  /// func load(fileID: StaticString = #fileID, line: UInt = #line) {
  ///   reportIssue("not loaded", at: IssueLocation(fileID: fileID, line: line))
  /// }
  /// ```
  public init(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.staticFileID = fileID
    self.staticFilePath = filePath
    self.line = Int(line)
    self.column = Int(column)
  }

  /// The `#fileID` of the code that reported, like `CoreStore/Store.swift`.
  public var fileID: String { "\(staticFileID)" }
  /// The `#filePath` of the code that reported; Swift Testing uses it to link the issue.
  public var filePath: String { "\(staticFilePath)" }

  /// The `#filePath` as the static string XCTest's `XCTFail` takes.
  package var filePathStaticString: StaticString { staticFilePath }

  /// `fileID:line`, the short form used in one-line warnings.
  public var description: String { "\(fileID):\(line)" }

  /// Same file, line and column.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.filePath == rhs.filePath && lhs.line == rhs.line && lhs.column == rhs.column
  }
}

/// Receives the issues that Switchyard code finds at run time: an unimplemented dependency
/// that was called, an action sent to a screen that is gone, an effect that threw.
///
/// The reporter travels with ``DependencyValues``, so a test can swap it for one that records
/// a Swift Testing issue (`CoreTesting` ships `.swiftTesting`), while an app keeps the default
/// one-line warning on standard error.
///
/// ```swift
/// withDependencies {
///   $0.issueReporter = IssueReporter { message, location in log.append(message) }
/// } operation: {
///   reportIssue("Something is off")
/// }
/// ```
public struct IssueReporter: Sendable {
  private let report: @Sendable (String, IssueLocation) -> Void

  /// Makes a reporter from a closure that receives each message and where it came from.
  public init(_ report: @escaping @Sendable (_ message: String, _ location: IssueLocation) -> Void)
  {
    self.report = report
  }

  /// Reports one issue.
  public func callAsFunction(_ message: String, at location: IssueLocation) {
    report(message, location)
  }

  /// The default: one line, `warning: <file>:<line>: <message>`, on standard error.
  public static let standardError = IssueReporter { message, location in
    let flat = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    writeToStandardError("warning: \(location): \(flat)\n")
  }

  /// Ignores every issue. For benchmarks and code that reports on purpose.
  public static let silent = IssueReporter { _, _ in }

  /// The reporter of the root values: the running test's, when this process runs tests and a
  /// test framework adapter (`CoreTesting`) is linked; ``standardError`` otherwise.
  public static let processDefault: IssueReporter = {
    guard TestProcess.isRunning, LinkedTestFramework.adapter != nil else {
      return .standardError
    }
    return IssueReporter { message, location in
      LinkedTestFramework.adapter?.record(message, at: location)
    }
  }()
}

/// What Core needs from a test framework: recording an issue in the running test, and telling
/// which test is running. `CoreTesting` conforms ``LinkedTestFramework`` to it; the conformance
/// is looked up at run time, the way live values are, so this module never links a test
/// framework, and a test process that links `CoreTesting` fails on every issue.
public protocol TestFrameworkAdapter {
  /// Records `message` as a failure of the running test, at `location`.
  static func record(_ message: String, at location: IssueLocation)
  /// An identifier of the test running in the current task, or nil outside a test.
  static var currentTestID: String? { get }
}

/// The test framework linked into this process, if any: see ``TestFrameworkAdapter``.
public enum LinkedTestFramework {
  /// The linked adapter; the runtime caches the conformance lookup.
  static var adapter: (any TestFrameworkAdapter.Type)? {
    LinkedTestFramework.self as? any TestFrameworkAdapter.Type
  }
}

/// Reports an issue through the reporter of the current ``DependencyValues``.
///
/// ```swift
/// guard let item = items[id: id] else {
///   reportIssue("No item \(id) to open")
///   return .none
/// }
/// ```
public func reportIssue(
  _ message: @autoclosure () -> String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  DependencyValues.current.issueReporter(message(), at: location)
}

/// Reports an issue at a location captured earlier (by a test store or an effect).
public func reportIssue(_ message: String, at location: IssueLocation) {
  DependencyValues.current.issueReporter(message, at: location)
}

func writeToStandardError(_ text: String) {
  var bytes = Array(text.utf8)
  bytes.withUnsafeMutableBytes { buffer in
    guard let base = buffer.baseAddress else { return }
    _ = write(2, base, buffer.count)
  }
}
