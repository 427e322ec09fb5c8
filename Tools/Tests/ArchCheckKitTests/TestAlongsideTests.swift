import Foundation
import Testing

/// `make test` builds and tests the Tools (any package beside the workspace whose tests run)
/// while the workspace builds, and reports them in their turn; `make test-all` adds
/// TCAExamples the same way, which `make test` leaves out. Tried with a stand-in `swift`.
@Suite("make test: the Tools build and test alongside the workspace")
struct TestAlongsideTests {
  typealias Sandbox = MakefileTests.Sandbox

  /// A workspace with Core, a Tools package and TCAExamples; a `swift` that logs each call.
  /// The workspace's build finishes only once the Tools' tests have started or their build
  /// failed (or fails after 60 s, a deadline only a serial run reaches), so a green run shows
  /// the two overlapped; with `waitsForTools` false it finishes at once.
  static func sandbox(toolsBuild: String = "exit 0", waitsForTools: Bool = true) throws -> (
    Sandbox, String
  ) {
    let sandbox = try Sandbox()
    try sandbox.makeWorkspace()
    try sandbox.makePackage("Packages/Core", testTarget: "CoreTests")
    try sandbox.makePackage("Tools", testTarget: "ToolsTests")
    try sandbox.makePackage("TCAExamples", testTarget: "TCASyncUpsTests")
    let swift = try sandbox.tool(
      "swift",
      """
      here="$(dirname "$0")"
      echo "$*" >> "$here/calls"
      case "$*" in
        "build --build-tests --package-path Tools")
          \(toolsBuild) ;;
        "test --skip-build --package-path Tools")
          touch "$here/tools-testing" ;;
        "build --build-tests")
          waited=0
          \(waitsForTools ? "" : "touch \"$here/tools-testing\"")
          while [ ! -e "$here/tools-testing" ] && [ ! -e "$here/tools-failed" ]; do
            [ "$waited" -lt 600 ] || { echo "the Tools' tests never started"; exit 1; }
            sleep 0.1; waited=$((waited + 1))
          done ;;
      esac
      echo '✔ Test run with 2 tests in 1 suite passed after 0.1 seconds.'
      """)
    return (sandbox, "SWIFT=\(swift)")
  }

  @Test("the Tools build and test while the workspace builds; then the workspace's tests run")
  func overlapped() throws {
    let (sandbox, swift) = try Self.sandbox()
    defer { sandbox.remove() }
    let run = try sandbox.make(["test-all", swift, "TEST_PACKAGES=. Tools"])
    #expect(run.status == 0, "\(run.output)")
    let calls = sandbox.read("calls").split(separator: "\n").map(String.init)
    let toolsBuild = calls.firstIndex(of: "build --build-tests --package-path Tools")
    let toolsTests = calls.firstIndex(of: "test --skip-build --package-path Tools")
    let workspaceTests = calls.firstIndex { $0.hasPrefix("test --skip-build --filter") }
    #expect(toolsBuild != nil && toolsTests != nil && workspaceTests != nil, "\(calls)")
    if let toolsBuild, let toolsTests, let workspaceTests {
      #expect(toolsBuild < toolsTests && toolsTests < workspaceTests, "\(calls)")
    }
    #expect(!calls.contains("test --package-path Tools"))
    #expect(run.output.contains("tests: 4 passed, 0 failed"))
    // Reported in the order given: the workspace's line, then the Tools'.
    let lines = run.output.split(separator: "\n").map(String.init)
    let workspaceLine = lines.firstIndex { $0.contains("✓ workspace") }
    let toolsLine = lines.firstIndex { $0.contains("✓ Tools") }
    #expect(workspaceLine != nil && toolsLine != nil, "\(run.output)")
    if let workspaceLine, let toolsLine { #expect(workspaceLine < toolsLine) }
  }

  @Test("make test leaves TCAExamples to make test-all and says so; make test-all runs it")
  func examplesOnlyInTestAll() throws {
    let (sandbox, swift) = try Self.sandbox()
    defer { sandbox.remove() }
    let test = try sandbox.make(["test", swift])
    #expect(test.status == 0, "\(test.output)")
    #expect(!sandbox.read("calls").contains("TCAExamples"))
    #expect(
      test.output.split(separator: "\n").contains {
        $0.contains("TCAExamples") && $0.contains("left for make test-all")
      }, "\(test.output)")

    let all = try sandbox.make(["test-all", swift])
    #expect(all.status == 0, "\(all.output)")
    let calls = sandbox.read("calls").split(separator: "\n").map(String.init)
    #expect(calls.contains("build --build-tests --package-path TCAExamples"))
    #expect(calls.contains("test --skip-build --package-path TCAExamples"))
    #expect(!all.output.contains("left for make test-all"))
    #expect(all.output.contains("tests: 6 passed, 0 failed"), "\(all.output)")
  }

  @Test("in a clone as it came, make test neither builds nor tests the Tools, and says why")
  func toolsLeftAsCloned() throws {
    let (sandbox, swift) = try Self.sandbox(waitsForTools: false)
    defer { sandbox.remove() }
    try sandbox.commitAsClone()
    let test = try sandbox.make(["test", swift])
    #expect(test.status == 0, "\(test.output)")
    #expect(!sandbox.read("calls").contains("Tools"), "\(sandbox.read("calls"))")
    #expect(
      test.output.split(separator: "\n").contains {
        $0.contains("– Tools") && $0.contains("unchanged since the clone")
      }, "\(test.output)")
    #expect(test.output.contains("tests: 2 passed, 0 failed"), "\(test.output)")
  }

  @Test("a Tools build that fails is reported with its errors, and no Tools test runs")
  func failedBuild() throws {
    let (sandbox, swift) = try Self.sandbox(
      toolsBuild: """
        echo 'Tools/Sources/A.swift:3: error: cannot find x in scope'
        touch "$here/tools-failed"; exit 1
        """)
    defer { sandbox.remove() }
    let run = try sandbox.make(["test-all", swift, "TEST_PACKAGES=. Tools"])
    #expect(run.status != 0)
    #expect(run.output.contains("Tools/Sources/A.swift:3: error: cannot find x in scope"))
    let calls = sandbox.read("calls").split(separator: "\n").map(String.init)
    #expect(!calls.contains("test --skip-build --package-path Tools"))
  }
}
