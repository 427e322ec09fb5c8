import Foundation
import Testing

/// Whether this is a full run (`make test-all`, CI: `SWITCHYARD_TEST_ALL=1`), which also runs
/// the tests that build real packages with the compiler (minutes of CPU on 2 cores) and the
/// ones that check a copy of the whole repo (whose result depends on every file, so the
/// selective `make test` could never tell when to run them): the everyday `make test` leaves
/// them out and says how many.
enum FullRun {
  static var isOn: Bool { ProcessInfo.processInfo.environment["SWITCHYARD_TEST_ALL"] == "1" }
}

extension Trait where Self == ConditionTrait {
  /// Runs the test or suite in a full run only (`make test-all`, CI).
  static var fullRunOnly: Self {
    .enabled(if: FullRun.isOn, "builds real packages: run by make test-all and CI")
  }

  /// Runs a suite that checks a copy of the whole repo in a full run only (`make test-all`, CI).
  static var wholeRepoFullRunOnly: Self {
    .enabled(if: FullRun.isOn, "checks a copy of the whole repo: run by make test-all and CI")
  }
}
