import Foundation
import Testing

@testable import ArchCheckKit

/// `kill -9` at every point where `make feature`, `make route`, `make remove-feature` and `make
/// rename-feature` change
/// the tree (``WriteSteps``: each file written, renamed or deleted, each folder moved), then
/// the next archcheck run: the tree is exactly as it was before the command, or exactly as a
/// run that was not stopped leaves it. Never anything between.
@Suite("kill -9 at every step")
struct KillAtEveryStepTests {
  /// The archcheck binary built beside this test bundle (`swift build --build-tests` builds
  /// both).
  static var archcheck: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("archcheck")
  }

  /// Every file under the fixture's root (build folders left out), by path from the root.
  private func files(_ repo: FixtureRepo) throws -> [String: Data] {
    let prefix = repo.root.standardizedFileURL.path + "/"
    var files: [String: Data] = [:]
    for (path, data) in try repo.snapshot() {
      let url = URL(fileURLWithPath: path).standardizedFileURL
      files[String(url.path.dropFirst(prefix.count))] = data
    }
    return files
  }

  /// RemoveFeatureTests' fixture (Hoge, a tab, routes to Fuga's tests), its generated code
  /// current.
  private func fixture() throws -> FixtureRepo {
    let repo = try RemoveFeatureTests.fixture()
    _ = try ArchCheck.generate(root: repo.root)
    return repo
  }

  /// Runs archcheck on `repo` with `arguments`, killed at `step` when given.
  private func run(_ arguments: [String], on repo: FixtureRepo, killAt step: Int?) throws
    -> (status: Int32, output: String)
  {
    var environment = ProcessInfo.processInfo.environment
    environment["SWITCHYARD_KILL_AT_STEP"] = step.map(String.init)
    environment["SWITCHYARD_EDIT_CHECK"] = nil
    return try runProcess(
      Self.archcheck.path, ["--root", repo.root.path] + arguments, in: repo.root,
      environment: environment)
  }

  @Test(
    "the tree is as it was or as the command leaves it, wherever the command is killed",
    arguments: [
      ["new-feature", "Piyo"], ["new-route", "Hoge", "Fuga"], ["remove-feature", "Fuga"],
      ["rename-feature", "Fuga", "Bar"],
    ])
  func everyStep(arguments: [String]) throws {
    #expect(
      FileManager.default.isExecutableFile(atPath: Self.archcheck.path),
      "build the tools' tests with swift build --build-tests: \(Self.archcheck.path)")
    // What a run that is not stopped leaves.
    let finished = try fixture()
    defer { finished.remove() }
    let before = try files(finished)
    let complete = try run(arguments, on: finished, killAt: nil)
    #expect(complete.status == 0, "\(complete.output)")
    let after = try files(finished)
    #expect(after != before)

    var step = 1
    var killed = 0
    while step < 500 {
      let repo = try fixture()
      defer { repo.remove() }
      let stopped = try run(arguments, on: repo, killAt: step)
      guard stopped.status == SIGKILL else {
        // The run got past its last step: it finished as the complete run did.
        #expect(stopped.status == 0, "\(stopped.output)")
        #expect(try files(repo) == after)
        break
      }
      killed += 1
      _ = try ArchCheck.recoverInterruptedEdits(root: repo.root)
      let now = try files(repo)
      let differs = Set(now.keys).union(after.keys).filter { now[$0] != after[$0] }.sorted()
      #expect(
        now == before || now == after,
        "killed at step \(step) of \(arguments): differs from the finished run in \(differs)")
      #expect(
        !FileManager.default.fileExists(
          atPath: repo.root.appendingPathComponent(EditJournal.path).path))
      step += 1
    }
    // Every command changes files: there were steps to stop at.
    #expect(killed > 3)
  }
}
