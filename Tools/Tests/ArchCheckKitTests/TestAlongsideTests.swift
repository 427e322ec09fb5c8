import Foundation
import Testing

/// `make test` builds the Tools (any package beside the workspace whose tests run) while the
/// workspace builds, then runs their tests on that build. Tried with a stand-in `swift`.
@Suite("make test: the Tools build alongside the workspace")
struct TestAlongsideTests {
  typealias Sandbox = MakefileTests.Sandbox

  /// A workspace with Core and a Tools package; a `swift` that logs each call. The
  /// workspace's build finishes only once the Tools' build has started (or fails after
  /// 60 s, a deadline only a serial run reaches), so a green run shows the two overlapped.
  static func sandbox(toolsBuild: String = "exit 0") throws -> (Sandbox, [String]) {
    let sandbox = try Sandbox()
    try sandbox.makeWorkspace()
    try sandbox.makePackage("Packages/Core", testTarget: "CoreTests")
    try sandbox.makePackage("Tools", testTarget: "ToolsTests")
    let swift = try sandbox.tool(
      "swift",
      """
      here="$(dirname "$0")"
      echo "$*" >> "$here/calls"
      case "$*" in
        "build --build-tests --package-path Tools")
          touch "$here/tools-building"
          \(toolsBuild) ;;
        "build --build-tests")
          waited=0
          while [ ! -e "$here/tools-building" ]; do
            [ "$waited" -lt 600 ] || { echo "the Tools' build never started"; exit 1; }
            sleep 0.1; waited=$((waited + 1))
          done ;;
      esac
      echo '✔ Test run with 2 tests in 1 suite passed after 0.1 seconds.'
      """)
    return (sandbox, ["test-all", "SWIFT=\(swift)", "TEST_PACKAGES=. Tools"])
  }

  @Test("the Tools build while the workspace does; their tests then run on that build")
  func overlapped() throws {
    let (sandbox, arguments) = try Self.sandbox()
    defer { sandbox.remove() }
    let run = try sandbox.make(arguments)
    #expect(run.status == 0, "\(run.output)")
    let calls = sandbox.read("calls").split(separator: "\n").map(String.init)
    #expect(calls.contains("build --build-tests --package-path Tools"))
    #expect(calls.last == "test --skip-build --package-path Tools")
    #expect(!calls.contains("test --package-path Tools"))
    #expect(run.output.contains("tests: 4 passed, 0 failed"))
  }

  @Test("a Tools build that fails is reported with its errors, and no Tools test runs")
  func failedBuild() throws {
    let (sandbox, arguments) = try Self.sandbox(
      toolsBuild: "echo 'Tools/Sources/A.swift:3: error: cannot find x in scope'; exit 1")
    defer { sandbox.remove() }
    let run = try sandbox.make(arguments)
    #expect(run.status != 0)
    #expect(run.output.contains("Tools/Sources/A.swift:3: error: cannot find x in scope"))
    let calls = sandbox.read("calls").split(separator: "\n").map(String.init)
    #expect(!calls.contains("test --skip-build --package-path Tools"))
  }
}
