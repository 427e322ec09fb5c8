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
  /// each call and passes. The Tools' tests read three files of the repo through `RepoFiles`,
  /// one of them a make file that includes a fourth.
  static func clone() throws -> (sandbox: Sandbox, swift: String) {
    let (sandbox, swift) = try twoPackages()
    try sandbox.makePackage("Tools")
    try edit(sandbox, ".swift-format")
    try edit(sandbox, "App/Sources/AppFeature/AppRouterView.swift")
    try edit(sandbox, "Lab/extra.mk")
    try Data("-include $(REPO)/Lab/extra.mk\n".utf8).write(
      to: sandbox.folder.appendingPathComponent("Rules.mk"))
    let reads = sandbox.folder.appendingPathComponent("Tools/Tests/ToolsTests/Reads.swift")
    try FileManager.default.createDirectory(
      at: reads.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(
      """
      let format = RepoFiles.file(".swift-format")
      let view = RepoFiles.file("App/Sources/AppFeature/AppRouterView.swift")
      let rules = RepoFiles.file("Rules.mk")

      """.utf8
    ).write(to: reads)
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
      "App/Sources/AppFeature/AppRouterView.swift", "Rules.mk", "Lab/extra.mk",
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

  @Test("a file the Tools' tests read, changed after their green run, runs them again")
  func toolsReadFileChanged() throws {
    let (sandbox, swift) = try Self.clone()
    defer { sandbox.remove() }
    let test = ["test", "SWIFT=\(swift)", "PACKAGES=Tools"]
    #expect(try sandbox.make(["test-all", "SWIFT=\(swift)", "PACKAGES=Tools"]).status == 0)
    _ = Self.tested(sandbox)
    try Self.edit(sandbox, "Lab/extra.mk")
    let run = try sandbox.make(test)
    #expect(run.output.contains("runs Tools: changed: repo-files"), "\(run.output)")
    #expect(Self.tested(sandbox) == ["Tools"])
    // A file no test names does not.
    try Self.edit(sandbox, "Lab/other.mk")
    _ = try sandbox.make(test)
    #expect(Self.tested(sandbox).isEmpty)
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
    #expect(
      run.output.split(separator: "\n").contains(
        "skipped 1, unchanged since their last green run (make test-all runs them): CoreTests"),
      "\(run.output)")

    try? FileManager.default.removeItem(at: sandbox.folder.appendingPathComponent("calls"))
    let unchanged = try sandbox.make(test)
    #expect(unchanged.output.contains("built; no test target changed"))
    #expect(sandbox.read("calls").split(separator: "\n") == ["build --build-tests"])
  }

  /// The selection script run by hand in the sandbox: its status and output.
  static func selection(_ sandbox: Sandbox, _ arguments: [String]) throws -> (
    status: Int32, output: String
  ) {
    // Hermetic: make test-all, which may run these tests, plans every package.
    var environment = ProcessInfo.processInfo.environment
    environment["SWITCHYARD_TEST_ALL"] = nil
    environment["SWITCHYARD_AS_CLONED"] = nil
    return try runProcess(
      "/bin/bash", [RepoFiles.file("Tools/scripts/test-selection.sh").path] + arguments,
      in: sandbox.folder, environment: environment)
  }

  /// A `swift` stand-in for Alpha whose test call runs `during` (sh) first, once: the hook
  /// file is removed before it runs. It fails when the file `fail` is there.
  static func hooked(_ sandbox: Sandbox, during: String) throws -> String {
    try Data(during.utf8).write(to: sandbox.folder.appendingPathComponent("hook"))
    return try sandbox.tool(
      "swift",
      """
      here="$(dirname "$0")"
      echo "$*" >> "$here/calls"
      case "$*" in
        test*) if [ -f "$here/hook" ]; then mv "$here/hook" "$here/hook.running"; sh "$here/hook.running"; fi ;;
      esac
      if [ -f "$here/fail" ]; then
        echo '✘ Test run with 1 test in 1 suite failed after 0.1 seconds with 1 issue.'
        exit 1
      fi
      echo '✔ Test run with 2 tests in 1 suite passed after 0.1 seconds.'
      """)
  }

  @Test("an edit made while the tests run is not recorded green: the next run tests it")
  func editDuringRunNotRecorded() throws {
    let (sandbox, _) = try Self.twoPackages()
    defer { sandbox.remove() }
    let swift = try Self.hooked(
      sandbox,
      during: "echo 'let broken = 1' >> \"$(dirname \"$0\")/Alpha/Sources/Alpha/Alpha.swift\"\n")
    try Self.edit(sandbox, "Alpha/Sources/Alpha/Alpha.swift")
    let test = ["test", "SWIFT=\(swift)", "PACKAGES=Alpha"]
    let first = try sandbox.make(test)
    #expect(first.status == 0, "\(first.output)")
    #expect(
      first.output.contains(
        "not recorded as green, changed while the tests ran (the next make test runs them): Alpha (Alpha"
      ),
      "\(first.output)")
    _ = Self.tested(sandbox)
    let next = try sandbox.make(test)
    #expect(Self.tested(sandbox) == ["Alpha"], "\(next.output)")
    _ = try sandbox.make(test)
    #expect(Self.tested(sandbox).isEmpty)
  }

  @Test(
    "the build's own folders beside the sources (.build, .swiftpm, Package.resolved) are no change")
  func buildFoldersAreNoChange() throws {
    let (sandbox, _) = try Self.twoPackages()
    defer { sandbox.remove() }
    try Self.edit(sandbox, "Alpha/Sources/Alpha/Alpha.swift")
    let swift = try Self.hooked(
      sandbox,
      during: """
        here="$(dirname "$0")/Alpha"
        mkdir -p "$here/.build/debug" "$here/.swiftpm/configuration"
        echo '{}' > "$here/.build/debug/log"
        echo '{}' > "$here/Package.resolved"

        """)
    let test = ["test", "SWIFT=\(swift)", "PACKAGES=Alpha"]
    let run = try sandbox.make(test)
    #expect(!run.output.contains("not recorded"), "\(run.output)")
    _ = Self.tested(sandbox)
    _ = try sandbox.make(test)
    #expect(Self.tested(sandbox).isEmpty)
  }

  @Test("an edit undone while the tests run still counts: what was tested is not known")
  func editUndoneDuringRun() throws {
    let (sandbox, _) = try Self.twoPackages()
    defer { sandbox.remove() }
    try Self.edit(sandbox, "Alpha/Sources/Alpha/Alpha.swift")
    let swift = try Self.hooked(
      sandbox,
      during: """
        file="$(dirname "$0")/Alpha/Sources/Alpha/Alpha.swift"
        cp "$file" "$file.kept"; echo 'let broken = 1' >> "$file"; mv "$file.kept" "$file"

        """)
    let test = ["test", "SWIFT=\(swift)", "PACKAGES=Alpha"]
    #expect(try sandbox.make(test).output.contains("not recorded as green"))
    _ = Self.tested(sandbox)
    _ = try sandbox.make(test)
    #expect(Self.tested(sandbox) == ["Alpha"])
  }

  @Test("two runs side by side: a green run never records what the red one planned")
  func concurrentRuns() throws {
    let (sandbox, _) = try Self.twoPackages()
    defer { sandbox.remove() }
    try Self.edit(sandbox, "Alpha/Sources/Alpha/Alpha.swift")
    // Run A plans, then, while its tests run, the person breaks Alpha and run B (red) runs
    // beside it, to its end; then A ends green.
    let makeB = [
      "make", "--no-print-directory", "-f", MakefileTests.makefile.path, "ARCHCHECK_TOOL=true",
      "test", "SWIFT=\"$here/swift\"", "PACKAGES=Alpha",
    ].joined(separator: " ")
    let swift = try Self.hooked(
      sandbox,
      during: """
        here="$(dirname "$0")"
        echo 'let broken = 1' >> "$here/Alpha/Sources/Alpha/Alpha.swift"
        : > "$here/fail"
        (cd "$here" && env -u MAKEFLAGS -u MAKELEVEL \(makeB) > "$here/run-b.log" 2>&1; echo "$?" > "$here/run-b.status")
        rm -f "$here/fail"

        """)
    let test = ["test", "SWIFT=\(swift)", "PACKAGES=Alpha"]
    let runA = try sandbox.make(test)
    #expect(runA.status == 0, "\(runA.output)")
    #expect(sandbox.read("run-b.status") == "2\n", "\(sandbox.read("run-b.log"))")
    _ = Self.tested(sandbox)
    // Nothing changed since B: Alpha as B saw it has never been green, so it runs.
    let next = try sandbox.make(test)
    #expect(Self.tested(sandbox) == ["Alpha"], "\(next.output)")
    #expect(!next.output.contains("0 passed, 0 failed"))
  }

  @Test("a layout guard that marks shared sources before a package's build spoils no record")
  func layoutGuardMarksBeforeThePlan() throws {
    let (sandbox, swift) = try Self.twoPackages()
    defer { sandbox.remove() }
    // The guard of Beta built alone marks Alpha's source, which Beta builds too (as
    // TCAExamples' guard marks Core's), once: a second look finds nothing changed.
    let archcheck = try sandbox.tool(
      "archcheck",
      """
      here="$(dirname "$0")"
      for last; do :; done
      case "$last" in
        Beta/.build | */Beta/.build) if [ ! -f "$here/marked" ]; then
          touch "$here/marked" "$here/Alpha/Sources/Alpha/Alpha.swift"; fi ;;
      esac
      """)
    try Self.edit(sandbox, "Alpha/Sources/Alpha/Alpha.swift")
    let test = [
      "test", "SWIFT=\(swift)", "WORKSPACE=.", "TEST_PACKAGES=Alpha Beta",
      "ARCHCHECK_TOOL=\(archcheck)",
    ]
    let first = try sandbox.make(test)
    #expect(first.status == 0, "\(first.output)")
    #expect(sandbox.exists("marked"))
    #expect(!first.output.contains("not recorded as green"), "\(first.output)")
    #expect(Self.tested(sandbox) == ["Alpha", "Beta"])
    let again = try sandbox.make(test)
    #expect(Self.tested(sandbox).isEmpty, "\(again.output)")
  }

  @Test("a package planned twice in one run keeps its first plan, which is what is recorded")
  func plannedTwiceKeepsFirst() throws {
    let (sandbox, _) = try Self.twoPackages()
    defer { sandbox.remove() }
    let state = ".build/switchyard-tests"
    let run = sandbox.folder.appendingPathComponent(".build/run-one")
    try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
    let first = try Self.selection(sandbox, ["plan", state, run.path, "Alpha"])
    #expect(first.output == "run Alpha no green run recorded\n")
    try Self.edit(sandbox, "Alpha/Sources/Alpha/Alpha.swift")
    let second = try Self.selection(sandbox, ["plan", state, run.path, "Alpha"])
    #expect(second.output == first.output)
    let record = try Self.selection(sandbox, ["record", state, run.path, "Alpha"])
    #expect(record.output.hasPrefix("not-recorded Alpha "), "\(record.output)")
    #expect(!sandbox.exists("\(state)/Alpha"))
  }

  @Test(
    "a record that is deleted, emptied or damaged only makes a package run",
    arguments: ["deleted", "emptied", "damaged", "another package's"])
  func damagedRecordRuns(kind: String) throws {
    let (sandbox, swift) = try Self.twoPackages()
    defer { sandbox.remove() }
    let test = ["test", "SWIFT=\(swift)", "PACKAGES=Alpha Beta"]
    #expect(try sandbox.make(test).status == 0)
    _ = Self.tested(sandbox)
    let record = sandbox.folder.appendingPathComponent(".build/switchyard-tests/Alpha")
    switch kind {
    case "deleted": try FileManager.default.removeItem(at: record)
    case "emptied": try Data().write(to: record)
    case "damaged":
      let text = try String(contentsOf: record, encoding: .utf8)
      try Data(text.prefix(text.count / 2).utf8).write(to: record)
    default:
      try FileManager.default.removeItem(at: record)
      try FileManager.default.copyItem(
        at: sandbox.folder.appendingPathComponent(".build/switchyard-tests/Beta"), to: record)
    }
    let run = try sandbox.make(test)
    #expect(run.status == 0)
    #expect(Self.tested(sandbox) == ["Alpha"], "\(run.output)")
  }

  @Test(
    "make test leaves no plan of its own behind, nor one a killed run left; says in one line what it skipped"
  )
  func noLeftoversOneLine() throws {
    let (sandbox, swift) = try Self.twoPackages()
    defer { sandbox.remove() }
    let test = ["test", "SWIFT=\(swift)", "PACKAGES=Alpha Beta"]
    _ = try sandbox.make(test)
    // What a make test killed with -9 leaves: a folder named after a process that is gone.
    try FileManager.default.createDirectory(
      at: sandbox.folder.appendingPathComponent(".build/switchyard-tests/run.999999999.abcdef"),
      withIntermediateDirectories: true)
    let again = try sandbox.make(test)
    let runs = try FileManager.default.contentsOfDirectory(
      atPath: sandbox.folder.appendingPathComponent(".build/switchyard-tests").path
    ).filter { $0.hasPrefix("run.") }
    #expect(runs.isEmpty)
    #expect(
      again.output.split(separator: "\n").contains(
        "skipped 2, unchanged since their last green run (make test-all runs them): Alpha, Beta"),
      "\(again.output)")
  }

  @Test("called without its run folder, it says how to call it and exits 2")
  func selectionUsage() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    for arguments in [
      ["plan", "state"], ["plan", "state", "no-such-folder", "Alpha"], ["list", "a", "."],
    ] {
      let run = try Self.selection(sandbox, arguments)
      #expect(run.status == 2)
      #expect(run.output.hasPrefix("usage: test-selection.sh plan|record STATE RUN PACKAGE..."))
    }
  }
}
