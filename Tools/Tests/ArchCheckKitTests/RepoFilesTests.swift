import Foundation
import Testing

/// The Tools' tests reach the repo's files only through ``RepoFiles``, whose calls
/// Tools/scripts/test-selection.sh reads to know which files they read: a test that found the
/// repo another way would read a file whose change `make test` does not see.
@Suite("the repo's files the Tools' tests read")
struct RepoFilesTests {
  @Test("no test source but RepoFiles.swift finds the repo from its own path")
  func onlyRepoFilesFindsTheRepo() throws {
    let tests = RepoFiles.file("Tools/Tests")
    let files =
      FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
    #expect(files.count > 10)
    // The ways a test makes a URL of its own source's path, the repo then found from there.
    let needles = ["fileURLWithPath: ", "filePath: ", "URL(string: "].map { $0 + "#" + "file" }
    var finders: [String] = []
    for file in files where file.lastPathComponent != "RepoFiles.swift" {
      let code = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        .joined(separator: "\n")
      if needles.contains(where: code.contains) { finders.append(file.lastPathComponent) }
    }
    #expect(finders == [])
  }

  @Test("the Tools package, as it is, plans and is recorded green with the files its tests read")
  func toolsRecordGreen() throws {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent(
      "repo-files-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: work) }
    let run = work.appendingPathComponent("run")
    try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
    let state = work.appendingPathComponent("state")
    var environment = ProcessInfo.processInfo.environment
    environment["SWITCHYARD_TEST_ALL"] = nil
    environment["SWITCHYARD_AS_CLONED"] = nil
    let script = RepoFiles.file("Tools/scripts/test-selection.sh").path
    for command in ["plan", "record"] {
      let result = try runProcess(
        "/bin/bash", [script, command, state.path, run.path, "Tools"], in: RepoFiles.root,
        environment: environment)
      #expect(result.status == 0, "\(command): \(result.output)")
      #expect(!result.output.contains("not-recorded"), "\(result.output)")
    }
    let recorded = try String(
      contentsOf: state.appendingPathComponent("Tools"), encoding: .utf8)
    #expect(recorded.contains("\nrepo-files "), "\(recorded)")
  }
}
