import BuildTimeKit
import Foundation
import Testing

/// Real builds of a tiny fixture. Serialized: builds compete for the 2 cores.
@Suite("buildtime on a fixture workspace", .serialized)
struct FixtureTimingTests {
  @Test(
    "a body edit recompiles exactly the edited module; an interface edit in the base lists its dependents"
  )
  func recompiledModules() throws {
    let fixture = try TimingFixture()
    defer { fixture.remove() }
    let before = try fixture.snapshot()
    let options = Self.oneRun(fixture, [.body, .interface], modules: ["LeafFeature", "CoreBase"])
    let report = try RepoTiming.run(options)
    let leafBody = try #require(
      report.measurements.first { $0.module == "LeafFeature" && $0.scenario == .body })
    #expect(leafBody.recompiled == ["LeafFeature": 1])
    let baseInterface = try #require(
      report.measurements.first { $0.module == "CoreBase" && $0.scenario == .interface })
    // The base and a dependent that uses it recompile; a dependent that uses nothing of the
    // changed interface may be skipped by the compiler's cross-module dependency tracking.
    #expect(Set(baseInterface.recompiled.keys).isSuperset(of: ["CoreBase", "LeafFeature"]))
    #expect(try fixture.snapshot() == before)
    #expect(report.markdown(command: "test").contains("| body | LeafFeature | `Leaf.swift` |"))
    #expect(report.svg().hasPrefix("<svg"))
    // Every build ran compilers: its CPU time is measured, not zero.
    #expect(report.measurements.allSatisfy { $0.cpuStatistics.min > 0 })
  }

  @Test("a file added to a feature, and one deleted, are each compiled into the build")
  func addAndDelete() throws {
    let fixture = try TimingFixture()
    defer { fixture.remove() }
    let before = try fixture.snapshot()
    let options = Self.oneRun(fixture, [.addFile, .deleteFile], modules: ["LeafFeature"])
    let report = try RepoTiming.run(options)
    let added = try #require(report.measurements.first { $0.scenario == .addFile })
    #expect(added.recompiled["LeafFeature"] != nil)
    let deleted = try #require(report.measurements.first { $0.scenario == .deleteFile })
    #expect(deleted.recompiled["LeafFeature"] != nil)
    #expect(try fixture.snapshot() == before)
  }

  @Test("a build that fails after an edit stops the tool with one line, and every file is restored")
  func restoreOnFailure() throws {
    let fixture = try TimingFixture()
    defer { fixture.remove() }
    // The interface edit adds buildtimeProbe1, which this file already declares: the build fails.
    try fixture.write(
      "Packages/LeafFeature/Sources/LeafFeature/Clash.swift", "public func buildtimeProbe1() {}\n")
    let before = try fixture.snapshot()
    let options = Self.oneRun(fixture, [.interface], modules: ["LeafFeature"])
    #expect {
      try RepoTiming.run(options)
    } throws: { error in
      "\(error)".contains("the build after a interface edit in LeafFeature failed")
    }
    #expect(try fixture.snapshot() == before)
  }

  @Test("SIGINT to the tool alone during a build restores the fixture, exits 130, says interrupted")
  func restoreOnInterrupt() async throws {
    let fixture = try TimingFixture()
    defer { fixture.remove() }
    let before = try fixture.snapshot()
    let run = try await Self.startAndWaitForEdit(fixture)
    run.process.interrupt()
    run.process.waitUntilExit()
    let messages = String(
      decoding: run.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(run.process.terminationStatus == 130)
    #expect(messages.contains("interrupted; every file touched was restored"))
    #expect(!messages.contains("exit status"), "\(messages)")
    #expect(!messages.contains("error:"), "\(messages)")
    #expect(try fixture.snapshot() == before)
  }

  @Test("after kill -9 mid-edit, buildtime restore puts every file back from the journal")
  func restoreAfterKill() async throws {
    let fixture = try TimingFixture()
    defer { fixture.remove() }
    let before = try fixture.snapshot()
    let run = try await Self.startAndWaitForEdit(fixture)
    kill(run.process.processIdentifier, SIGKILL)
    run.process.waitUntilExit()
    #expect(try fixture.snapshot() != before, "the kill came after the edit was undone")
    let restore = Process()
    restore.executableURL = URL(fileURLWithPath: try Self.buildtimePath())
    restore.arguments = ["restore", "--root", fixture.root.path]
    let output = Pipe()
    restore.standardOutput = output
    try restore.run()
    restore.waitUntilExit()
    let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(restore.terminationStatus == 0)
    #expect(said.contains("restored 1 file(s)"), "\(said)")
    #expect(try fixture.snapshot() == before)
    #expect(!FileManager.default.fileExists(atPath: EditJournal.location(root: fixture.root).path))
  }

  /// Starts `buildtime repo` on the fixture and returns once it has edited Leaf.swift.
  private static func startAndWaitForEdit(
    _ fixture: TimingFixture
  ) async throws -> (process: Process, errors: Pipe) {
    let leaf = fixture.root.appendingPathComponent(
      "Packages/LeafFeature/Sources/LeafFeature/Leaf.swift")
    let original = try Data(contentsOf: leaf)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try buildtimePath())
    process.arguments = [
      "repo", "--root", fixture.root.path, "--runs", "3", "--scenarios", "body", "--modules",
      "LeafFeature", "--allow-dirty",
    ]
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    var edited = false
    for _ in 0..<3000 where process.isRunning {
      if (try? Data(contentsOf: leaf)) != original {
        edited = true
        break
      }
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(edited, "the tool never edited Leaf.swift")
    return (process, errors)
  }

  @Test("refuses a folder that is not the repo, an unknown module, and a tree that is not clean")
  func refusals() throws {
    #expect(throws: BuildTimeError.self) {
      try RepoTiming.run(RepoTiming.Options(root: URL(fileURLWithPath: "/tmp")))
    }
    let fixture = try TimingFixture()
    defer { fixture.remove() }
    var options = RepoTiming.Options(root: fixture.root)
    options.modules = ["Nope"]
    options.allowDirty = true
    #expect {
      try RepoTiming.run(options)
    } throws: { error in
      "\(error)".hasPrefix("unknown module 'Nope'; choose from")
    }
    options.modules = nil
    options.allowDirty = false
    #expect(
      throws: BuildTimeError.invalidInput(
        "\(fixture.root.path) is not a git checkout; pass --allow-dirty to time it anyway")
    ) {
      try RepoTiming.run(options)
    }
    options.runs = 0
    #expect(throws: BuildTimeError.self) { try RepoTiming.run(options) }
  }

  @Test("a build that fails before any edit stops with one line and changes nothing")
  func failingBuildBeforeEdits() throws {
    let fixture = try TimingFixture()
    defer { fixture.remove() }
    try fixture.write(
      "Packages/LeafFeature/Sources/LeafFeature/Broken.swift", "this is not Swift\n")
    let before = try fixture.snapshot()
    var options = RepoTiming.Options(root: fixture.root)
    options.allowDirty = true
    #expect {
      try RepoTiming.run(options)
    } throws: { error in
      "\(error)".hasPrefix("the build fails before any edit, so nothing was measured")
    }
    #expect(try fixture.snapshot() == before)
  }

  @Test("a git checkout with uncommitted changes is refused unless --allow-dirty")
  func dirtyTree() throws {
    let fixture = try TimingFixture()
    defer { fixture.remove() }
    for command in [
      ["git", "init", "-q"], ["git", "add", "-A"],
      ["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "fixture"],
    ] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = command
      process.currentDirectoryURL = fixture.root
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(command.joined(separator: " ")) failed")
    }
    try fixture.write("App/Sources/AppFeature/Extra.swift", "let extra = 1\n")
    #expect(
      throws: BuildTimeError.invalidInput(
        "the tree has uncommitted changes; commit or stash them (or pass --allow-dirty)")
    ) {
      try RepoTiming.run(RepoTiming.Options(root: fixture.root))
    }
  }

  /// One run of `scenarios` on `modules` of the fixture, which is not a git checkout.
  static func oneRun(
    _ fixture: TimingFixture, _ scenarios: [Scenario], modules: [String]
  ) -> RepoTiming.Options {
    var options = RepoTiming.Options(root: fixture.root)
    options.runs = 1
    options.allowDirty = true
    options.scenarios = scenarios
    options.modules = modules
    return options
  }

  /// The `buildtime` executable, next to the test binary.
  static func buildtimePath() throws -> String {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    for _ in 0..<5 {
      let candidate = directory.appendingPathComponent("buildtime").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory.deleteLastPathComponent()
    }
    throw CocoaError(.fileNoSuchFile)
  }
}
