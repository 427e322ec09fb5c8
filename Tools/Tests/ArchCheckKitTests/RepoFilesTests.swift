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
    let needle = "fileURLWithPath: " + "#filePath"
    var finders: [String] = []
    for file in files where file.lastPathComponent != "RepoFiles.swift" {
      let text = try String(contentsOf: file, encoding: .utf8)
      if text.contains(needle) { finders.append(file.lastPathComponent) }
    }
    #expect(finders == [])
  }

  @Test("each path a test names through RepoFiles is a file of the repo")
  func namedFilesExist() throws {
    #expect(FileManager.default.fileExists(atPath: RepoFiles.file("Makefile").path))
    #expect(RepoFiles.file("Makefile").deletingLastPathComponent().path == RepoFiles.root.path)
  }
}
