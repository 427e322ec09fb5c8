import CoreDependencies
import Foundation

/// XCTest, reached at run time: whether it runs the tests of this process, and its `XCTFail`.
/// Looked up by name (as Core finds live values) so that `CoreTesting` links no XCTest: a
/// library that imports XCTest cannot be linked into an executable on Apple platforms.
enum XCTestBridge {
  private typealias Fail = @convention(thin) (String, StaticString, UInt) -> Void
  private typealias CurrentTestCase = @convention(c) () -> UnsafeRawPointer?

  /// XCTest's `XCTFail(_:file:line:)`, when XCTest is loaded.
  nonisolated(unsafe) private static let failSymbol: UnsafeMutableRawPointer? = {
    let name = "$s6XCTest7XCTFail_4file4lineySS_s12StaticStringVSutF"
    #if canImport(Darwin)
      return dlsym(UnsafeMutableRawPointer(bitPattern: -2), name)  // RTLD_DEFAULT
    #else
      return dlsym(dlopen("libXCTest.so", RTLD_NOW | RTLD_NOLOAD) ?? dlopen(nil, RTLD_NOW), name)
    #endif
  }()

  /// Whether XCTest is running a test right now (outside Swift Testing's tests).
  ///
  /// On Apple platforms XCTest says which test case is running. On Linux the two frameworks
  /// run in separate processes (`swift test` starts the test binary once for each; Swift
  /// Testing's run is told `--testing-library swift-testing`), so a test process that is not
  /// Swift Testing's is XCTest's.
  static var isRunningTest: Bool {
    guard failSymbol != nil, TestProcess.isRunning else { return false }
    #if canImport(Darwin)
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: -2), "_XCTCurrentTestCase")
      else { return false }
      return unsafeBitCast(symbol, to: CurrentTestCase.self)() != nil
    #else
      return !TestProcess.isSwiftTestingRun
    #endif
  }

  /// Records a failure of the running XCTest test at `location`.
  static func fail(_ message: String, at location: IssueLocation) {
    guard let failSymbol else { return }
    withUnsafePointer(to: failSymbol) { pointer in
      let fail = UnsafeRawPointer(pointer).assumingMemoryBound(to: Fail.self).pointee
      fail(message, location.filePathStaticString, UInt(location.line))
    }
  }
}
