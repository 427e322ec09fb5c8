import Foundation
import Testing

/// Whether this is a full run (`make test-all`, CI: `SWITCHYARD_TEST_ALL=1`), which also runs
/// the tests that build real packages with the compiler: minutes of CPU on 2 cores, which the
/// everyday `make test` leaves out (it says how many).
enum FullRun {
  static var isOn: Bool { ProcessInfo.processInfo.environment["SWITCHYARD_TEST_ALL"] == "1" }
}

extension Trait where Self == ConditionTrait {
  /// Runs the test or suite in a full run only (`make test-all`, CI).
  static var fullRunOnly: Self {
    .enabled(if: FullRun.isOn, "builds real packages: run by make test-all and CI")
  }
}
