import CoreDependencies
import Synchronization

/// Whether every task of the process runs on the main thread, one job at a time, from now on:
/// TCA's (swift-concurrency-extras') spelling, for a test that drives real async work outside
/// a `TestStore` and needs it to interleave the same way on every run. Set it in a suite's
/// `init` and back in `deinit`; prefer `withMainSerialExecutor { … }`, which cannot be left on.
/// A `TestStore` serializes its own sends, receives and `finish` either way.
///
/// ```swift
/// @MainActor
/// final class TimerTests: XCTestCase {
///   override func invokeTest() {
///     uncheckedUseMainSerialExecutor = true
///     defer { uncheckedUseMainSerialExecutor = false }
///     super.invokeTest()
///   }
/// }
/// ```
public var uncheckedUseMainSerialExecutor: Bool {
  get { UncheckedMainSerialExecutor.isOn.withLock { $0 } }
  set { UncheckedMainSerialExecutor.set(newValue) }
}

/// The switch behind ``uncheckedUseMainSerialExecutor``: setting the value it already has
/// changes nothing, so it holds the executor once however often it is set (a `TestStore`
/// counts its own holds beside it).
enum UncheckedMainSerialExecutor {
  static let isOn = Mutex(false)

  static func set(_ on: Bool) {
    isOn.withLock { isOn in
      guard isOn != on else { return }
      isOn = on
      if on { MainSerialExecutor.enable() } else { MainSerialExecutor.disable() }
    }
  }
}
