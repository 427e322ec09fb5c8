import Foundation

/// The one way the Tools' tests reach a file of this repo beyond a fixture of their own.
///
/// `make test` reruns the Tools' tests when such a file changes: Tools/scripts/test-selection.sh
/// reads the path of every `RepoFiles.file("…")` in these sources (with what a make file among
/// them includes), so a call must name its path as one string literal. `RepoFilesTests` checks
/// that no test finds the repo another way.
enum RepoFiles {
  /// The repo's root: three folders above this file.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The file at `path`, relative to the repo's root.
  static func file(_ path: String) -> URL {
    root.appendingPathComponent(path)
  }
}
