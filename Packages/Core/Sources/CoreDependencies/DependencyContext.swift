import Foundation

/// Which default a dependency resolves to when nobody overrode it.
///
/// An app runs `.live`, a `<Name>Preview` executable sets `.preview`, and `TestStore` sets
/// `.test`. Code outside any of those scopes gets ``processDefault``: `.test` in a process
/// that runs tests, so a test never reaches a live value by accident.
///
/// ```swift
/// withDependencies { $0.context = .preview } operation: { runPreview() }
/// ```
public enum DependencyContext: String, Sendable, CaseIterable {
  /// Real implementations: files, network, the wall clock.
  case live
  /// In-memory stand-ins that let a feature run alone, with no outside effects.
  case preview
  /// Values that fail loudly when a test did not say what they should do.
  case test

  /// `.test` when this process runs tests (Swift Testing or XCTest), `.live` otherwise.
  public static let processDefault: DependencyContext = TestProcess.isRunning ? .test : .live
}

/// Whether this process runs tests (Swift Testing or XCTest), as swift-dependencies'
/// `isTesting` (from IssueReporting) says: an app's entry point shows nothing under tests
/// (`if isTesting { EmptyView() }`, TCA's SyncUps).
public let isTesting: Bool = TestProcess.isRunning

/// Tells whether this process is a test runner, the way swift-dependencies does: XCTest's
/// environment variables, or a test bundle, `xctest` or Swift Testing's helper in the
/// arguments.
package enum TestProcess {
  package static let isRunning: Bool = {
    let environment = ProcessInfo.processInfo.environment
    let xcTestVariables = [
      "XCTestBundlePath", "XCTestBundleInjectPath", "XCTestConfigurationFilePath",
      "XCTestSessionIdentifier",
    ]
    if xcTestVariables.contains(where: { environment[$0] != nil }) {
      return true
    }
    return ProcessInfo.processInfo.arguments.contains { argument in
      let name = URL(fileURLWithPath: argument).lastPathComponent
      return argument == "--testing-library" || name == "xctest" || name.hasSuffix(".xctest")
        || name == "swiftpm-testing-helper"
    }
  }()

  /// The run `swift test` starts for Swift Testing (`--testing-library swift-testing`); on
  /// Linux XCTest's tests run in a process of their own.
  package static let isSwiftTestingRun: Bool = {
    let arguments = ProcessInfo.processInfo.arguments
    return zip(arguments, arguments.dropFirst()).contains {
      $0 == "--testing-library" && $1 == "swift-testing"
    }
  }()
}
