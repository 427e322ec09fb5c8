import Foundation
import Testing

/// `Tools/scripts/layout-guard.sh`, which `make build`, `make run` and `make test` run before
/// the root workspace builds: when the screens changed since the last build by anything but the
/// scaffolders (a git checkout, merge or reset), the App's files are marked to compile again,
/// which SwiftPM's incremental build misses. Run with a stand-in for `archcheck
/// touch-dependents` that counts its calls.
@Suite("the layout guard before a workspace build")
struct LayoutGuardTests {
  typealias Sandbox = MakefileTests.Sandbox

  static let script = MakefileTests.makefile.deletingLastPathComponent()
    .appendingPathComponent("Tools/scripts/layout-guard.sh").path

  /// A repo with two features, an App and a generated file; a stand-in that logs each call.
  static func repo() throws -> (sandbox: Sandbox, touch: String) {
    let sandbox = try Sandbox()
    try sandbox.makePackage("Packages/AlphaFeature")
    try sandbox.makePackage("Packages/BetaFeature")
    try sandbox.makePackage("App")
    try write(sandbox, "App/Sources/AppFeature/Screens.generated.swift", "case alpha\n")
    let touch = try sandbox.tool(
      "touch-dependents",
      """
      echo touched >> "$(dirname "$0")/calls"
      [ ! -f "$(dirname "$0")/fail" ] || { echo "error: a manifest archcheck cannot read" >&2; exit 2; }
      echo "archcheck: 3 files compile again"
      """)
    return (sandbox, touch)
  }

  static func write(_ sandbox: Sandbox, _ path: String, _ text: String) throws {
    let file = sandbox.folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  /// Runs the guard for `.build`; its status, its output and how many times it marked files.
  static func guardBuild(
    _ sandbox: Sandbox, _ touch: String, buildDir: String = ".build"
  ) throws -> (status: Int32, output: String, touched: Int) {
    let before = sandbox.read("calls").split(separator: "\n").count
    let run = try runProcess(
      "/bin/bash", [script, buildDir, "--", touch], in: sandbox.folder,
      environment: ProcessInfo.processInfo.environment)
    let after = sandbox.read("calls").split(separator: "\n").count
    return (run.status, run.output, after - before)
  }

  /// A build folder with a build in it, as SwiftPM leaves one.
  static func built(_ sandbox: Sandbox, _ buildDir: String = ".build") throws {
    try FileManager.default.createDirectory(
      at: sandbox.folder.appendingPathComponent("\(buildDir)/debug"),
      withIntermediateDirectories: true)
  }

  /// ``repo()`` after a build whose screens the guard has recorded.
  static func recordedRepo() throws -> (sandbox: Sandbox, touch: String) {
    let (sandbox, touch) = try repo()
    try built(sandbox)
    _ = try guardBuild(sandbox, touch)
    return (sandbox, touch)
  }

  @Test("a first build marks nothing; the same screens again mark nothing")
  func firstBuildAndUnchanged() throws {
    let (sandbox, touch) = try Self.repo()
    defer { sandbox.remove() }
    #expect(try Self.guardBuild(sandbox, touch).touched == 0)
    try Self.built(sandbox)
    let again = try Self.guardBuild(sandbox, touch)
    #expect(again.status == 0)
    #expect(again.touched == 0)
    #expect(again.output.isEmpty, "\(again.output)")
  }

  @Test(
    "screens changed outside the scaffolders mark the App's files once",
    arguments: [
      "a generated file changed", "a feature package came back", "a feature package went",
      "the App's manifest changed",
    ])
  func changedScreensMarkOnce(change: String) throws {
    let (sandbox, touch) = try Self.recordedRepo()
    defer { sandbox.remove() }
    let touchedBefore = try Self.guardBuild(sandbox, touch).touched
    switch change {
    case "a generated file changed":
      try Self.write(sandbox, "App/Sources/AppFeature/Screens.generated.swift", "case beta\n")
    case "a feature package came back":
      try sandbox.makePackage("Packages/GammaFeature")
    case "a feature package went":
      try FileManager.default.removeItem(
        at: sandbox.folder.appendingPathComponent("Packages/BetaFeature"))
    default:
      try Self.write(sandbox, "App/Package.swift", "// .package(path: \"../Packages/Gamma\")\n")
    }
    let changed = try Self.guardBuild(sandbox, touch)
    #expect(touchedBefore == 0)
    #expect(changed.status == 0)
    #expect(changed.touched == 1, "\(change)")
    // What archcheck says goes to standard error: make run's output is the demo's.
    #expect(
      changed.output == """
        layout-guard: the screens changed since the last build in .build, not through make \
        feature, route or remove-feature
        archcheck: 3 files compile again

        """)
    #expect(try Self.guardBuild(sandbox, touch).touched == 0)
  }

  @Test("a build folder with a build but no record is marked once; an empty one is not")
  func buildWithoutRecord() throws {
    let (sandbox, touch) = try Self.repo()
    defer { sandbox.remove() }
    try Self.built(sandbox, ".build-dev")
    #expect(try Self.guardBuild(sandbox, touch, buildDir: ".build-dev").touched == 1)
    #expect(try Self.guardBuild(sandbox, touch, buildDir: ".build-dev").touched == 0)
    // Each build folder keeps its own record: .build has never been built.
    #expect(try Self.guardBuild(sandbox, touch).touched == 0)
  }

  @Test("what build folders hold does not count: a package's own .build changing marks nothing")
  func buildFoldersIgnored() throws {
    let (sandbox, touch) = try Self.recordedRepo()
    defer { sandbox.remove() }
    try Self.write(sandbox, "Packages/AlphaFeature/.build/checkouts/X/Package.swift", "// x\n")
    try Self.write(sandbox, "App/.build-archcheck/Y/Z.generated.swift", "// y\n")
    #expect(try Self.guardBuild(sandbox, touch).touched == 0)
  }

  @Test("when marking fails the build goes on with one line, and the next build tries again")
  func failingMarkIsRetried() throws {
    let (sandbox, touch) = try Self.recordedRepo()
    defer { sandbox.remove() }
    try Self.write(sandbox, "App/Sources/AppFeature/Screens.generated.swift", "case beta\n")
    try Self.write(sandbox, "fail", "")
    let failed = try Self.guardBuild(sandbox, touch)
    #expect(failed.status == 0)
    #expect(failed.touched == 1)
    let lines = failed.output.split(separator: "\n")
    #expect(lines.last?.hasPrefix("layout-guard: the screens changed, but the App's files") == true)
    #expect(lines.last?.hasSuffix("run make clean") == true)
    try FileManager.default.removeItem(at: sandbox.folder.appendingPathComponent("fail"))
    #expect(try Self.guardBuild(sandbox, touch).touched == 1)
    #expect(try Self.guardBuild(sandbox, touch).touched == 0)
  }

  @Test("called without a build folder or a command, it says how to call it and exits 2")
  func usage() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    for arguments in [[], [".build"], [".build", "--"], [".build", "touch"]] {
      let run = try runProcess(
        "/bin/bash", [Self.script] + arguments, in: sandbox.folder,
        environment: ProcessInfo.processInfo.environment)
      #expect(run.status == 2)
      #expect(run.output == "usage: layout-guard.sh BUILD_DIR -- COMMAND...\n")
    }
  }

  @Test("make build, make run and make test run it before the workspace builds, with archcheck")
  func makeRunsIt() throws {
    for target in ["build", "run", "test"] {
      let sandbox = try Sandbox()
      defer { sandbox.remove() }
      try sandbox.makeWorkspace()
      try sandbox.makePackage("App")
      try sandbox.makePackage("Tools")
      try Self.built(sandbox)
      // A stand-in swift that logs its calls and passes.
      let swift = try sandbox.tool(
        "swift",
        """
        echo "$*" >> "$(dirname "$0")/swift-calls"
        echo '✔ Test run with 1 test in 1 suite passed after 0.1 seconds.'
        """)
      let run = try sandbox.make([target, "SWIFT=\(swift)"])
      #expect(run.status == 0, "\(target): \(run.output)")
      let calls = sandbox.read("swift-calls").split(separator: "\n").map(String.init)
      let touch = calls.firstIndex {
        $0.hasPrefix("run --quiet --package-path Tools archcheck")
          && $0.hasSuffix(" touch-dependents")
      }
      let build = calls.firstIndex { $0.hasPrefix("build") && !$0.contains("--package-path Tools") }
      #expect(touch != nil, "\(target): \(calls)")
      #expect(build != nil, "\(target): \(calls)")
      if let touch, let build { #expect(touch < build, "\(target): \(calls)") }
      #expect(sandbox.exists(".build/switchyard-layout"))
    }
  }
}
