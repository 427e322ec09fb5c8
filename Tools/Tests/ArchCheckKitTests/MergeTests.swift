import ArchCheckKit
import Foundation
import Testing

/// Two branches that each add a screen, merged with git in a scratch copy of this repo: the
/// merge has no conflict (the lists a scaffold adds to merge line by line, `.gitattributes`),
/// `make check`'s rules say what `make generate` must redo, and after it every rule holds.
/// Its result depends on every file of the repo, so it runs in a full run only (make test-all,
/// CI), not in the selective `make test`.
@Suite("parallel scaffolds merge", .wholeRepoFullRunOnly)
struct MergeTests {
  /// This repo's root, from this file's path.
  static let repo = RepoFiles.root

  @Test(
    "two branches adding screens merge with no conflict; make generate completes the merge",
    arguments: [("Piyo", "Quux"), ("Abc", "Zed")])
  func twoScaffoldsMerge(firstWanted: String, secondWanted: String) throws {
    // Names the user's repo does not have yet (the docs' Piyo may be there already).
    let first = Self.freeName(firstWanted)
    let second = Self.freeName(secondWanted)
    let work = try copyOfRepo()
    defer { try? FileManager.default.removeItem(at: work) }
    try git(["init", "-q", "-b", "main"], in: work)
    try git(["add", "-A"], in: work)
    try git(["commit", "-q", "-m", "base"], in: work)
    for (branch, name) in [(first, first), (second, second)] {
      try git(["checkout", "-q", "-b", branch, "main"], in: work)
      _ = try FeatureScaffolder.create(name: name, root: work)
      _ = try ArchCheck.generate(root: work)
      try git(["add", "-A"], in: work)
      try git(["commit", "-q", "-m", "add \(name)"], in: work)
    }
    try git(["checkout", "-q", first], in: work)
    let merge = try Shell.run(
      ["git", "-c", "user.name=Merge Test", "-c", "user.email=merge@example.com", "merge"]
        + ["--no-edit", second], in: work)
    let conflicted = try Shell.run(["git", "diff", "--name-only", "--diff-filter=U"], in: work)
    #expect(merge.status == 0, "\(merge.stdout)\(merge.stderr)")
    #expect(conflicted.stdout.isEmpty, "conflicts in: \(conflicted.stdout)")

    // Both screens are listed once, and only generated files are left to redo.
    let screens = try String(
      contentsOf: work.appendingPathComponent("App/Sources/AppFeature/Screens.swift"),
      encoding: .utf8)
    for name in [first, second] {
      let caseName = name.prefix(1).lowercased() + name.dropFirst()
      #expect(screens.components(separatedBy: "case \(caseName)(\(name))").count == 2)
      #expect(screens.components(separatedBy: "import \(name)Feature\n").count == 2)
    }
    let beforeGenerate = try ArchCheck.verify(root: work).violations
    #expect(
      beforeGenerate.allSatisfy { $0.message.contains("make generate") },
      "\(beforeGenerate.map(\.description))")
    _ = try ArchCheck.generate(root: work)
    let after = try ArchCheck.verify(root: work).violations
    #expect(after.isEmpty, "\(after.map(\.description))")
  }

  /// `wanted`, or `wanted` with the smallest number after it that names no package or screen
  /// of this repo, so the test never collides with a feature the user added.
  static func freeName(_ wanted: String) -> String {
    let screens =
      (try? String(
        contentsOf: repo.appendingPathComponent("App/Sources/AppFeature/Screens.swift"),
        encoding: .utf8)) ?? ""
    var name = wanted
    var number = 1
    while FileManager.default.fileExists(
      atPath: repo.appendingPathComponent("Packages/\(name)Feature").path)
      || screens.contains("(\(name))")
    {
      number += 1
      name = "\(wanted)\(number)"
    }
    return name
  }

  /// The repo's tracked and untracked (not ignored) files in a temporary folder, no build
  /// folders.
  private func copyOfRepo() throws -> URL {
    let work = FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-merge-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let files = try Shell.run(
      ["git", "ls-files", "--cached", "--others", "--exclude-standard"], in: Self.repo)
    for path in files.stdout.split(separator: "\n").map(String.init) {
      let source = Self.repo.appendingPathComponent(path)
      guard FileManager.default.fileExists(atPath: source.path) else { continue }
      let destination = work.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: source, to: destination)
    }
    return work
  }

  private func git(_ arguments: [String], in folder: URL) throws {
    let result = try Shell.run(
      ["git", "-c", "user.name=Merge Test", "-c", "user.email=merge@example.com"] + arguments,
      in: folder)
    guard result.status == 0 else {
      throw FixtureError("git \(arguments.joined(separator: " ")): \(result.stderr)")
    }
  }
}
