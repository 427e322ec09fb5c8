import Foundation

/// Where this repository's files are, for tests that read them (transcripts) or build in it.
enum SourceTree {
  /// The repository's root: found from this file's place in it, or — when the compilation cache
  /// compiled the tests with their source paths written as `/^src/…` (`make test CACHE=1`, so
  /// every clone's build shares one cache), which names no folder here — from the folder
  /// `swift test` runs in: the root, or `Tests/` when this package is built alone.
  static let root: URL = {
    let fromSource = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    if FileManager.default.fileExists(atPath: fromSource.path) { return fromSource }
    let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let isTestsPackage = FileManager.default.fileExists(
      atPath: current.appendingPathComponent("Transcripts").path)
    return isTestsPackage ? current.deletingLastPathComponent() : current
  }()
}
