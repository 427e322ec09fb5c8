import ArchCheckKit
import Foundation
import Testing

/// The Makefile, the front door, run for real with stand-ins for `swift` and `archcheck`: a
/// feature name never runs as code, `make check` runs both checks, `make test` is quiet on
/// success and loud on failure, `make run` says when it builds.
@Suite("Makefile")
struct MakefileTests {
  static let makefile = RepoFiles.file("Makefile")

  /// A temporary folder to run make in, with a stand-in tool that logs how it was called.
  struct Sandbox {
    let folder: URL

    init() throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "makefile-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// An executable script `name` in the sandbox that runs `body` (sh).
    func tool(_ name: String, _ body: String) throws -> String {
      let url = folder.appendingPathComponent(name)
      try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
      return url.path
    }

    func read(_ name: String) -> String {
      (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    func exists(_ name: String) -> Bool {
      FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)
    }

    /// Runs `make -f <repo>/Makefile <arguments>` in the sandbox; the status and output.
    func make(_ arguments: [String]) throws -> (status: Int32, output: String) {
      // Hermetic: nothing of a make this test runs under (make test CACHE=1 passes its
      // variables down through MAKEFLAGS) reaches the make under test.
      var environment = ProcessInfo.processInfo.environment
      for name in [
        "MAKEFLAGS", "MFLAGS", "MAKELEVEL", "CACHE", "SWITCHYARD_CACHE_HOME", "TEST_ALL",
        "SWITCHYARD_TEST_ALL",
      ] {
        environment[name] = nil
      }
      // The layout guard's archcheck is a stand-in that passes (a sandbox is no Switchyard
      // repo); a test of the guard names its own, which comes later and wins.
      return try runProcess(
        "/usr/bin/env",
        ["make", "--no-print-directory", "-f", MakefileTests.makefile.path, "ARCHCHECK_TOOL=true"]
          + arguments,
        in: folder, environment: environment)
    }

    func remove() {
      try? FileManager.default.removeItem(at: folder)
    }
  }

  @Test(
    "a feature name reaches archcheck as text and never runs as a command",
    arguments: [
      "`touch pwned`", "$$(touch pwned)", "x\" ; touch pwned ; echo \"", "$(shell touch pwned)",
      "it's", "Piyo",
    ])
  func featureNameIsNeverCode(name: String) throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let archcheck = try sandbox.tool(
      "archcheck", "printf '%s\\n' \"$SWITCHYARD_FEATURE_NAME\" >> \"$(dirname \"$0\")/names\"")
    let run = try sandbox.make(["feature", "NAME=\(name)", "ARCHCHECK=\(archcheck)"])
    #expect(run.status == 0, "\(run.output)")
    #expect(!sandbox.exists("pwned"))
    // new-feature (which regenerates itself) sees the name as it was typed.
    #expect(sandbox.read("names") == "\(name)\n")
  }

  @Test(
    "route ends reach archcheck as text and never run as commands",
    arguments: [
      "`touch pwned`", "$$(touch pwned)", "x\" ; touch pwned ; echo \"", "$(shell touch pwned)",
      "Hoge",
    ])
  func routeEndsAreNeverCode(name: String) throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let archcheck = try sandbox.tool(
      "archcheck",
      "printf '%s|%s\\n' \"$SWITCHYARD_ROUTE_FROM\" \"$SWITCHYARD_ROUTE_TO\" >> \"$(dirname \"$0\")/names\""
    )
    let run = try sandbox.make(["route", "FROM=\(name)", "TO=\(name)", "ARCHCHECK=\(archcheck)"])
    #expect(run.status == 0, "\(run.output)")
    #expect(!sandbox.exists("pwned"))
    // new-route (which regenerates itself) sees both ends as they were typed.
    #expect(sandbox.read("names") == "\(name)|\(name)\n")
  }

  @Test(
    "rename ends reach archcheck as text and never run as commands",
    arguments: [
      "`touch pwned`", "$$(touch pwned)", "x\" ; touch pwned ; echo \"", "$(shell touch pwned)",
      "Hoge",
    ])
  func renameEndsAreNeverCode(name: String) throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let archcheck = try sandbox.tool(
      "archcheck",
      "printf '%s|%s|%s\\n' \"$SWITCHYARD_RENAME_FROM\" \"$SWITCHYARD_RENAME_TO\" \"$*\" >> \"$(dirname \"$0\")/names\""
    )
    let run = try sandbox.make([
      "rename-feature", "FROM=\(name)", "TO=\(name)", "DRY_RUN=1", "ARCHCHECK=\(archcheck)",
    ])
    #expect(run.status == 0, "\(run.output)")
    #expect(!sandbox.exists("pwned"))
    #expect(sandbox.read("names") == "\(name)|\(name)|rename-feature --dry-run\n")
  }

  @Test("make check runs the architecture rules even when the lint fails, then fails")
  func checkRunsBoth() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let swift = try sandbox.tool("swift", "echo 'lint: a finding'; exit 1")
    let archcheck = try sandbox.tool("archcheck", "echo verified > \"$(dirname \"$0\")/ran\"")
    let run = try sandbox.make(["check", "SWIFT=\(swift)", "ARCHCHECK=\(archcheck)"])
    #expect(run.status != 0)
    #expect(sandbox.read("ran") == "verified\n")
    #expect(run.output.contains("lint: a finding"))
  }

  @Test("make check says a broken manifest once: archcheck's line, not swift-format's parse errors")
  func brokenManifestOnce() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let manifest = "Packages/PiyoFeature/Package.swift"
    let swift = try sandbox.tool(
      "swift",
      """
      echo "/repo/\(manifest):8:23: error: expected value in function call"
      echo "/repo/\(manifest):11:34: error: expected value in function call"
      echo "/repo/Packages/Core/Sources/A.swift:3:1: error: [LineLength] line is too long"
      exit 1
      """)
    let archcheck = try sandbox.tool(
      "archcheck",
      "echo '\(manifest):8: the manifest does not load: error: unexpected separator'; exit 1")
    let run = try sandbox.make(["check", "SWIFT=\(swift)", "ARCHCHECK=\(archcheck)"])
    #expect(run.status != 0)
    let lines = run.output.split(separator: "\n").filter { $0.contains(manifest) }
    #expect(lines == ["\(manifest):8: the manifest does not load: error: unexpected separator"])
    #expect(run.output.contains("A.swift:3:1: error: [LineLength]"))
  }

  @Test("make test prints a line per package and no error: lines when everything passes")
  func quietTest() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.makePackage("Alpha")
    let swift = try sandbox.tool(
      "swift",
      """
      echo 'error: a failure path this test exercises on purpose'
      echo '✔ Test run with 12 tests in 2 suites passed after 0.1 seconds.'
      """)
    let run = try sandbox.make(["test", "SWIFT=\(swift)", "PACKAGES=Alpha"])
    #expect(run.status == 0)
    #expect(!run.output.split(separator: "\n").contains { $0.hasPrefix("error:") })
    #expect(run.output.contains("✓ Alpha"))
    #expect(run.output.hasSuffix("tests: 12 passed, 0 failed\n"))
    let loud = try sandbox.make(["test-all", "SWIFT=\(swift)", "PACKAGES=Alpha", "V=1"])
    #expect(loud.output.contains("error: a failure path"))
  }

  @Test("make test runs every package after one fails, then lists each failure, not the log")
  func failingTest() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.makePackage("Alpha")
    try sandbox.makePackage("Beta")
    // Alpha fails (a test's issue, a known issue, noise); Beta passes.
    let swift = try sandbox.tool(
      "swift",
      """
      case "$*" in *Alpha*) ;; *) echo '✔ Test run with 4 tests in 1 suite passed after 0.1 seconds.'; exit 0 ;; esac
      echo 'noise: a line nobody needs'
      echo '━ Test "warns" recorded a known issue at A.swift:1:1: Expectation failed: known'
      echo '✘ Test "adds" recorded an issue at AddsTests.swift:12:5: Expectation failed: 1 == 2'
      echo '↳ the sum is off'
      echo '✘ Test "adds" failed after 0.1 seconds with 1 issue.'
      echo '✘ Test run with 3 tests in 1 suite failed after 0.1 seconds with 1 issue.'
      exit 1
      """)
    let run = try sandbox.make(["test", "SWIFT=\(swift)", "PACKAGES=Alpha Beta"])
    #expect(run.status != 0)
    #expect(run.output.contains("✗ Alpha"))
    #expect(run.output.contains("(1 known issues)"))
    #expect(run.output.contains("✓ Beta"), "a failure stops no other package: \(run.output)")
    let failures = try #require(run.output.components(separatedBy: "Failures:\n").last)
    #expect(failures.contains("recorded an issue at AddsTests.swift:12:5: Expectation failed"))
    #expect(failures.contains("↳ the sum is off"))
    #expect(!run.output.contains("noise: a line nobody needs"))
    #expect(!run.output.contains("recorded a known issue"))
    #expect(run.output.contains("tests: 6 passed, 1 failed\n"))
    #expect(run.output.contains("full logs in "))
  }

  @Test("a build that fails lists its compiler errors once each at the end")
  func failingBuild() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.makePackage("Alpha")
    let swift = try sandbox.tool(
      "swift",
      """
      case "$*" in test*) ;; *) exit 0 ;; esac
      echo '/repo/Alpha/Sources/A.swift:3:9: error: cannot find x in scope'
      echo '/repo/Alpha/Sources/A.swift:3:9: error: cannot find x in scope'
      echo 'error: fatalError'
      exit 1
      """)
    let run = try sandbox.make(["test", "SWIFT=\(swift)", "PACKAGES=Alpha"])
    #expect(run.status != 0)
    let failures = try #require(run.output.components(separatedBy: "Failures:\n").last)
    #expect(failures.components(separatedBy: "A.swift:3:9: error: cannot find x").count == 2)
    #expect(run.output.contains("tests: 0 passed, 1 failed\n"))
  }

  @Test("the closing count counts each failing test once, parametrized and XCTest ones too")
  func failingCount() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.makePackage("Alpha")
    let swift = try sandbox.tool(
      "swift",
      """
      echo "Test Case 'T.testA' failed (0.001 seconds)"
      echo '\t Executed 4 tests, with 1 failure (0 unexpected) in 0.1 (0.1) seconds'
      echo '✘ Test "adds" recorded an issue at A.swift:3:5: Expectation failed'
      echo '✘ Test "adds" failed after 0.1 seconds with 1 issue.'
      echo '✘ Test "sums" recorded an issue with 1 argument n → 2 at A.swift:9:5: Expectation failed'
      echo '✘ Test "sums" with 3 test cases failed after 0.1 seconds with 1 issue.'
      echo '✘ Suite "Maths" failed after 0.1 seconds with 2 issues.'
      echo '✘ Test run with 8 tests in 1 suite failed after 0.1 seconds with 2 issues.'
      exit 1
      """)
    let run = try sandbox.make(["test", "SWIFT=\(swift)", "PACKAGES=Alpha"])
    #expect(run.status != 0)
    #expect(run.output.contains("tests: 9 passed, 3 failed\n"), "\(run.output)")
  }

  @Test("with a root workspace, make test builds it (demo included), then tests that build")
  func workspaceTest() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.makeWorkspace()
    try sandbox.makePackage("Packages/Core", testTarget: "CoreTests")
    try sandbox.makePackage("Tools")
    let swift = try sandbox.tool(
      "swift",
      """
      echo "$* demo=${SWITCHYARD_DEMO:-none}" >> "$(dirname "$0")/calls"
      echo '✔ Test run with 5 tests in 1 suite passed after 0.1 seconds.'
      """)
    let run = try sandbox.make(["test", "SWIFT=\(swift)"])
    #expect(run.status == 0, "\(run.output)")
    let demo = sandbox.folder.appendingPathComponent(".build/debug/demo").path
    // The Tools build alongside the workspace (TestAlongsideTests): each in its own order.
    let calls = sandbox.read("calls").split(separator: "\n")
    #expect(
      calls.filter { !$0.contains("--package-path Tools") } == [
        "build --build-tests demo=none",
        "test --skip-build --filter ^(CoreTests)\\. demo=\(demo)",
      ])
    #expect(
      calls.filter { $0.contains("--package-path Tools") } == [
        "build --build-tests --package-path Tools demo=none",
        "test --skip-build --package-path Tools demo=none",
      ])
    #expect(run.output.contains("✓ workspace"))
    #expect(run.output.hasSuffix("tests: 10 passed, 0 failed\n"))
  }

  @Test("with a root workspace, make run runs the demo from it")
  func workspaceRun() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.makeWorkspace()
    try sandbox.makePackage("App")
    let swift = try sandbox.tool("swift", "echo \"$*\"")
    let run = try sandbox.make(["run", "SWIFT=\(swift)"])
    #expect(run.status == 0)
    #expect(run.output.contains("build --quiet --package-path . --product demo"))
    #expect(run.output.contains("run --quiet --skip-build --package-path . demo"))
  }

  @Test("make dev runs the demo from the workspace with the fast loop's flags, in .build-dev")
  func devRunsFast() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.makeWorkspace()
    try sandbox.makePackage("App")
    let swift = try sandbox.tool("swift", "echo \"$*\"")
    let run = try sandbox.make(["dev", "SWIFT=\(swift)"])
    #expect(run.status == 0)
    #expect(
      run.output.contains(
        "run --quiet --skip-build --package-path . --scratch-path .build-dev "
          + "--disable-index-store -Xswiftc -gnone"))
    #expect(run.output.contains("-Xswiftc -use-ld=lld demo"))
    let plain = try sandbox.make(["run", "SWIFT=\(swift)"])
    #expect(!plain.output.contains(".build-dev"))
  }

  @Test("a failed build asks whether generated code is behind, then fails; a good one does not")
  func failedBuildIsExplained() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.makeWorkspace()
    try sandbox.makePackage("App")
    let archcheck = try sandbox.tool(
      "archcheck", "echo \"asked: $*\"; echo 'error: the generated code is not current' >&2; exit 1"
    )
    let failing = try sandbox.tool("swift", "echo \"swift $*\"; exit 1")
    for target in ["build", "run"] {
      let run = try sandbox.make([target, "SWIFT=\(failing)", "ARCHCHECK=\(archcheck)"])
      #expect(run.status != 0)
      #expect(run.output.contains("asked: generate --check"), "\(run.output)")
      #expect(run.output.contains("error: the generated code is not current"))
      // make run never runs a demo that did not build.
      #expect(!run.output.contains("swift run"))
    }
    let passing = try sandbox.tool("swift", "echo \"swift $*\"")
    let good = try sandbox.make(["run", "SWIFT=\(passing)", "ARCHCHECK=\(archcheck)"])
    #expect(good.status == 0)
    #expect(!good.output.contains("asked:"))
  }

  @Test("Ctrl-C in make run (the demo's status 130) ends quietly; another failure is reported")
  func interruptedRunIsQuiet() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.makeWorkspace()
    try sandbox.makePackage("App")
    let interrupted = try sandbox.tool(
      "swift", "if [ \"$1\" = run ]; then echo '(interrupted; every change is saved)'; exit 130; fi"
    )
    let run = try sandbox.make(["run", "SWIFT=\(interrupted)"])
    #expect(run.status == 0)
    #expect(run.output.contains("(interrupted; every change is saved)"))
    #expect(!run.output.contains("Error"), "\(run.output)")
    let failed = try sandbox.tool("swift", "if [ \"$1\" = run ]; then exit 1; fi")
    let failure = try sandbox.make(["run", "SWIFT=\(failed)"])
    #expect(failure.status != 0)
    #expect(failure.output.contains("Error 1"))
  }

  @Test("make help lines every description up in one column")
  func helpAligns() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let run = try sandbox.make(["help"])
    let targets = run.output.split(separator: "\n").filter { $0.hasPrefix("  make ") }
    #expect(targets.count >= 10)
    let columns = Set(
      targets.map { line -> Int in
        let afterName = line.dropFirst("  make ".count).drop { $0 != " " }
        return line.count - afterName.drop { $0 == " " }.count
      })
    #expect(columns.count == 1, "\(targets)")
  }

  @Test("make run says it is building the first time")
  func runSaysItBuilds() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.makePackage("App")
    let swift = try sandbox.tool("swift", "echo demo ran")
    let run = try sandbox.make(["run", "SWIFT=\(swift)"])
    #expect(run.status == 0)
    #expect(run.output.contains("building the demo (first time only"))
    #expect(run.output.contains("demo ran"))
  }
}

extension MakefileTests.Sandbox {
  /// A root `Package.swift`, which tells the Makefile to build through the root workspace.
  func makeWorkspace() throws {
    try Data("// the root workspace\n".utf8).write(
      to: folder.appendingPathComponent("Package.swift"))
  }

  /// Runs git in the sandbox, as someone who cloned it would; throws when git fails.
  func git(_ arguments: [String]) throws {
    let result = try Shell.run(
      ["git", "-c", "user.name=Switchyard", "-c", "user.email=tests@switchyard.invalid"]
        + arguments, in: folder)
    guard result.status == 0 else {
      throw FixtureError("git \(arguments.joined(separator: " ")): \(result.stderr)")
    }
  }

  /// Makes the sandbox a git checkout whose every file is committed, as a fresh clone is.
  func commitAsClone() throws {
    try git(["init", "-q"])
    try git(["add", "-A"])
    try git(["commit", "-qm", "the template"])
  }

  /// A folder with a manifest that declares a test target (`<name>Tests` unless named).
  func makePackage(_ name: String, testTarget: String? = nil) throws {
    let manifest = folder.appendingPathComponent("\(name)/Package.swift")
    try FileManager.default.createDirectory(
      at: manifest.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("// .testTarget(name: \"\(testTarget ?? name + "Tests")\")\n".utf8).write(
      to: manifest)
  }
}
