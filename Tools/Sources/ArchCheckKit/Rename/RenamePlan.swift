import Foundation

/// Everything `make rename-feature FROM=Hoge TO=Profile` changes, worked out before anything is
/// written (what `DRY_RUN=1` prints): the package folder written anew under its new name with
/// its files renamed, the old one removed, files elsewhere edited, and the prose that still
/// says the old name (the docs, which a person rewrites).
public struct RenamePlan: Sendable, Equatable {
  /// The package folder, from the root: `Packages/HogeFeature`.
  public var folder: String
  /// Its new name, from the root: `Packages/ProfileFeature`.
  public var newFolder: String
  /// The package's files under their new names (from the root), each with its new bytes.
  public var packageFiles: [String: Data] = [:]
  /// The path each of ``packageFiles`` had before, by its new path.
  var originalPaths: [String: String] = [:]
  /// The Swift files the formatting laid out anew, with their text before it
  /// (``RenameLayouts``), by path from the root.
  var layouts: [String: RenameLayouts.Layout] = [:]
  /// Files outside the package edited: the new text, by path from the root.
  public var edits: [String: String] = [:]
  /// `path:line` lines of the docs that still say the old name, for a person to read.
  public var leftovers: [String] = []
  /// `path:line` lines of Swift files whose comments or strings still say an old name away
  /// from code that uses it, for a person to read.
  public var commentLeftovers: [String] = []
  /// The renames, old name to new.
  public var renames: [String: String] = [:]

  /// The plan for a person: a line per change, `would` before each when nothing is done.
  public func report(dryRun: Bool) -> [String] {
    let prefix = dryRun ? "would " : ""
    let names = renames.sorted { $0.key < $1.key }.map { "\($0.key) → \($0.value)" }
    var lines = [
      "\(prefix)rename \(folder) to \(newFolder) (\(packageFiles.count) files)",
      "\(prefix)rename in code: " + names.joined(separator: ", "),
    ]
    for path in edits.keys.sorted() {
      lines.append("\(prefix)update \(path)")
    }
    if !commentLeftovers.isEmpty {
      lines.append("comments and strings away from its code still say an old name (read them):")
      lines += commentLeftovers.map { "  " + $0 }
    }
    if !leftovers.isEmpty {
      lines.append("the docs still say the old name in these lines (prose; read them):")
      lines += leftovers.map { "  " + $0 }
    }
    return lines
  }
}
