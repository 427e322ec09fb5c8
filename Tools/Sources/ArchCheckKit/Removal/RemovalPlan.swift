import Foundation

/// Everything `make remove-feature NAME=X` changes, worked out before anything is written (what
/// `DRY_RUN=1` prints): the package folder removed, files deleted, files edited with what each
/// edit takes out, and the lines that still name the feature afterwards (prose in comments,
/// which no tool can rewrite well).
public struct RemovalPlan: Sendable, Equatable {
  /// The package folder removed, from the root: `Packages/FugaFeature`.
  public var folder: String
  /// Files deleted, from the root (tests and transcripts about the feature).
  public var deletions: Set<String> = []
  /// Files edited: the new text, by path from the root.
  public var edits: [String: String] = [:]
  /// What each edit takes out, by path: `Hoge.Route.fuga`, `import FugaFeature`.
  public var reasons: [String: [String]] = [:]
  /// `path:line` lines that still name the feature after the removal, for a person to read.
  public var leftovers: [String] = []
  /// What goes, as code names it: how the build's errors afterwards are read.
  var names = RemovedNames()

  /// Records what an edit of `path` takes out.
  mutating func note(_ path: String, _ reason: String) {
    if reasons[path]?.contains(reason) != true { reasons[path, default: []].append(reason) }
  }

  /// The plan for a person: a line per change, `would` before each when nothing is done.
  public func report(dryRun: Bool) -> [String] {
    let prefix = dryRun ? "would " : ""
    var lines = ["\(prefix)remove \(folder)"]
    for path in edits.keys.sorted() {
      let what = reasons[path].map { ": " + $0.joined(separator: ", ") } ?? ""
      lines.append("\(prefix)update \(path)\(what)")
    }
    for path in deletions.sorted() {
      lines.append("\(prefix)delete \(path)")
    }
    if !leftovers.isEmpty {
      lines.append("still named in these lines (comments and prose; read them):")
      lines += leftovers.map { "  " + $0 }
    }
    return lines
  }
}
