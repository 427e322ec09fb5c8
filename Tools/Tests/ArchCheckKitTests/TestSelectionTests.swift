import Foundation
import Testing

/// `make test` runs a package's tests only when the package or one it depends on changed since
/// its last green run (Tools/scripts/test-selection.sh), as Tuist's selective testing does;
/// `make test-all` runs them all. Tried with a stand-in `swift` that logs its calls.
@Suite("make test: selective")
struct TestSelectionTests {
  typealias Sandbox = MakefileTests.Sandbox

  /// Alpha, and Beta depending on it; a `swift` that logs each call and passes (or fails when
  /// the file `fail` is there).
  static func twoPackages() throws -> (sandbox: Sandbox, swift: String) {
    let sandbox = try Sandbox()
    try sandbox.makePackage("Alpha")
    try sandbox.makePackage("Beta")
    try Data("// .package(path: \"../Alpha\"), .testTarget(name: \"BetaTests\")\n".utf8).write(
      to: sandbox.folder.appendingPathComponent("Beta/Package.swift"))
    let swift = try sandbox.tool(
      "swift",
      """
      here="$(dirname "$0")"
      echo "$*" >> "$here/calls"
      if [ -f "$here/fail" ]; then
        echo '✘ Test run with 1 test in 1 suite failed after 0.1 seconds with 1 issue.'
        exit 1
      fi
      echo '✔ Test run with 2 tests in 1 suite passed after 0.1 seconds.'
      """)
    return (sandbox, swift)
  }

  static func edit(_ sandbox: Sandbox, _ path: String) throws {
    let file = sandbox.folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("let edited = \(UUID().uuidString.debugDescription)\n".utf8).write(to: file)
  }

  /// The packages `swift test` ran for, in order, since the last call; the log is emptied.
  static func tested(_ sandbox: Sandbox) -> [String] {
    let calls = sandbox.read("calls")
    try? FileManager.default.removeItem(at: sandbox.folder.appendingPathComponent("calls"))
    return calls.split(separator: "\n").compactMap { call in
      call.hasPrefix("test --package-path ") ? String(call.dropFirst(20)) : nil
    }
  }

  @Test("nothing changed: skipped, with the reason; a change runs the package and its dependents")
  func selects() throws {
    let (sandbox, swift) = try Self.twoPackages()
    defer { sandbox.remove() }
    let test = ["test", "SWIFT=\(swift)", "PACKAGES=Alpha Beta"]
    let first = try sandbox.make(test)
    #expect(first.status == 0, "\(first.output)")
    #expect(first.output.contains("runs Alpha: no green run recorded"))
    #expect(Self.tested(sandbox) == ["Alpha", "Beta"])

    let again = try sandbox.make(test)
    #expect(again.output.contains("✓ Alpha"))
    #expect(again.output.contains("skipped: unchanged since its last green run"))
    #expect(Self.tested(sandbox).isEmpty)

    try Self.edit(sandbox, "Alpha/Sources/Alpha/Alpha.swift")
    let afterAlpha = try sandbox.make(test)
    #expect(afterAlpha.output.contains("runs Alpha: changed: Alpha"))
    #expect(afterAlpha.output.contains("runs Beta: changed: Alpha"))
    #expect(Self.tested(sandbox) == ["Alpha", "Beta"])

    try Self.edit(sandbox, "Beta/Tests/BetaTests/New.swift")
    _ = try sandbox.make(test)
    #expect(Self.tested(sandbox) == ["Beta"])
  }

  @Test("a red run is not recorded: the package runs again until it is green")
  func redRunsAgain() throws {
    let (sandbox, swift) = try Self.twoPackages()
    defer { sandbox.remove() }
    let test = ["test", "SWIFT=\(swift)", "PACKAGES=Alpha"]
    try Data().write(to: sandbox.folder.appendingPathComponent("fail"))
    #expect(try sandbox.make(test).status != 0)
    #expect(Self.tested(sandbox) == ["Alpha"])
    try FileManager.default.removeItem(at: sandbox.folder.appendingPathComponent("fail"))
    #expect(try sandbox.make(test).status == 0)
    #expect(Self.tested(sandbox) == ["Alpha"])
    _ = try sandbox.make(test)
    #expect(Self.tested(sandbox).isEmpty)
  }

  /// Alpha and Tools, committed in a git repository as a clone has them; a `swift` that logs
  /// each call and passes.
  static func clone() throws -> (sandbox: Sandbox, swift: String) {
    let (sandbox, swift) = try twoPackages()
    try sandbox.makePackage("Tools")
    try sandbox.commitAsClone()
    return (sandbox, swift)
  }

  @Test("a clone leaves the Tools' tests to make test-all until they or what they read change")
  func toolsAsCloned() throws {
    let (sandbox, swift) = try Self.clone()
    defer { sandbox.remove() }
    let test = ["test", "SWIFT=\(swift)", "PACKAGES=Alpha Tools"]
    let first = try sandbox.make(test)
    #expect(first.status == 0, "\(first.output)")
    #expect(Self.tested(sandbox) == ["Alpha"])
    let left = "unchanged since the clone: left for make test-all (CI runs it)"
    #expect(
      first.output.split(separator: "\n").contains { $0.contains("– Tools") && $0.contains(left) })

    let again = try sandbox.make(test)
    #expect(Self.tested(sandbox).isEmpty)
    #expect(again.output.contains(left))

    // Committed or not, a change after the first run is a change from the baseline.
    try Self.edit(sandbox, "Tools/Sources/Tools/Tools.swift")
    try sandbox.git(["add", "-A"])
    try sandbox.git(["commit", "-qm", "a change to the tools"])
    let changed = try sandbox.make(test)
    #expect(changed.status == 0, "\(changed.output)")
    #expect(changed.output.contains("runs Tools: changed: Tools"))
    #expect(Self.tested(sandbox) == ["Tools"])

    let green = try sandbox.make(test)
    #expect(Self.tested(sandbox).isEmpty)
    #expect(green.output.contains("skipped: unchanged since its last green run"))
    #expect(!green.output.contains(left))
  }

  @Test(
    "with a file the Tools' tests read changed from the clone, their first run is not left out",
    arguments: [
      "Tools/Sources/Tools/New.swift", ".swift-format",
      "App/Sources/AppFeature/AppRouterView.swift",
    ])
  func toolsChangedBeforeFirstRun(path: String) throws {
    let (sandbox, swift) = try Self.clone()
    defer { sandbox.remove() }
    try Self.edit(sandbox, path)
    let run = try sandbox.make(["test", "SWIFT=\(swift)", "PACKAGES=Alpha Tools"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("runs Tools: no green run recorded"))
    #expect(Self.tested(sandbox).contains("Tools"))
    #expect(!run.output.contains("unchanged since the clone"))
  }

  @Test("a manifest the Tools' tests do not read (a screen added) does not run them again")
  func toolsSkipAppManifests() throws {
    let (sandbox, swift) = try Self.clone()
    defer { sandbox.remove() }
    let test = ["test", "SWIFT=\(swift)", "PACKAGES=Alpha Tools"]
    #expect(try sandbox.make(["test-all", "SWIFT=\(swift)", "PACKAGES=Alpha Tools"]).status == 0)
    _ = Self.tested(sandbox)
    try Data("// .testTarget(name: \"AlphaTests\"), .package(path: \"../Piyo\")\n".utf8).write(
      to: sandbox.folder.appendingPathComponent("Alpha/Package.swift"))
    let run = try sandbox.make(test)
    #expect(run.status == 0, "\(run.output)")
    #expect(Self.tested(sandbox) == ["Alpha"])
    #expect(
      run.output.split(separator: "\n").contains {
        $0.contains("✓ Tools") && $0.contains("skipped: unchanged since its last green run")
      }, "\(run.output)")
  }

  @Test("outside a git checkout, and in make test-all, the Tools' tests run on the first run")
  func toolsRunWithoutClone() throws {
    let (sandbox, swift) = try Self.twoPackages()
    defer { sandbox.remove() }
    try sandbox.makePackage("Tools")
    let test = ["test", "SWIFT=\(swift)", "PACKAGES=Alpha Tools"]
    #expect(try sandbox.make(test).status == 0)
    #expect(Self.tested(sandbox) == ["Alpha", "Tools"])

    let (clone, cloneSwift) = try Self.clone()
    defer { clone.remove() }
    #expect(
      try clone.make(["test-all", "SWIFT=\(cloneSwift)", "PACKAGES=Alpha Tools"]).status == 0)
    #expect(Self.tested(clone) == ["Alpha", "Tools"])
  }

  @Test("make test-all runs every package, changed or not")
  func testAll() throws {
    let (sandbox, swift) = try Self.twoPackages()
    defer { sandbox.remove() }
    _ = try sandbox.make(["test", "SWIFT=\(swift)", "PACKAGES=Alpha Beta"])
    _ = Self.tested(sandbox)
    let all = try sandbox.make(["test-all", "SWIFT=\(swift)", "PACKAGES=Alpha Beta"])
    #expect(all.status == 0)
    #expect(Self.tested(sandbox) == ["Alpha", "Beta"])
  }

  @Test("suites a full run adds are counted on the package's line, not lost")
  func fullRunOnlyCounted() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.makePackage("Alpha")
    let swift = try sandbox.tool(
      "swift",
      """
      echo '➜ Suite "real builds" skipped: "builds real packages: run by make test-all and CI"'
      echo '✔ Test run with 3 tests in 1 suite passed after 0.1 seconds.'
      """)
    let run = try sandbox.make(["test", "SWIFT=\(swift)", "PACKAGES=Alpha"])
    #expect(run.status == 0)
    #expect(
      run.output.contains(
        "1 suite(s) of the full run (real builds, whole-repo checks) left for make test-all"))
  }

  @Test("in the root workspace, only the changed packages' test targets run; the rest are listed")
  func workspace() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.makeWorkspace()
    try sandbox.makePackage("Packages/Core", testTarget: "CoreTests")
    try sandbox.makePackage("Packages/HogeFeature", testTarget: "HogeFeatureTests")
    try Data(
      "// .package(path: \"../Core\"), .testTarget(name: \"HogeFeatureTests\")\n".utf8
    ).write(to: sandbox.folder.appendingPathComponent("Packages/HogeFeature/Package.swift"))
    let swift = try sandbox.tool(
      "swift",
      """
      echo "$*" >> "$(dirname "$0")/calls"
      echo '✔ Test run with 5 tests in 1 suite passed after 0.1 seconds.'
      """)
    let test = ["test", "SWIFT=\(swift)", "TEST_PACKAGES=."]
    _ = try sandbox.make(test)
    try? FileManager.default.removeItem(at: sandbox.folder.appendingPathComponent("calls"))
    try Self.edit(sandbox, "Packages/HogeFeature/Sources/HogeFeature/Hoge.swift")
    let run = try sandbox.make(test)
    #expect(run.status == 0, "\(run.output)")
    let calls = sandbox.read("calls").split(separator: "\n")
    #expect(calls.contains("test --skip-build --filter ^(HogeFeatureTests)\\."))
    #expect(run.output.contains("skipped, unchanged since their last green run"))
    #expect(run.output.contains("      CoreTests"))

    try? FileManager.default.removeItem(at: sandbox.folder.appendingPathComponent("calls"))
    let unchanged = try sandbox.make(test)
    #expect(unchanged.output.contains("built; no test target changed"))
    #expect(sandbox.read("calls").split(separator: "\n") == ["build --build-tests"])
  }
}
