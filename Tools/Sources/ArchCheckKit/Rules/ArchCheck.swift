import Foundation

/// The checks of `archcheck verify`, together.
public enum ArchCheck {
  /// The result of a verify run.
  public struct Report: Sendable {
    /// Every violation, sorted.
    public let violations: [Violation]
    /// How many packages were checked.
    public let packageCount: Int
    /// How many Swift files were scanned for imports.
    public let fileCount: Int

    /// One line for a clean run.
    public var summary: String {
      "archcheck: \(packageCount) packages, \(fileCount) Swift files: every rule holds"
    }
  }

  /// Runs rules 1–4 and 6–10 (and 5 when `build`, through the compilation cache script
  /// `cache` when one is given) on the repo at `root`.
  public static func verify(
    root: URL, build: Bool = false, cache: URL? = nil, progress: (String) -> Void = { _ in }
  ) throws(ArchCheckError) -> Report {
    let (repo, problems) = try Repo.load(root: root)
    // Every other rule reads the manifests: with one missing, what they would say follows
    // from it (imports "not declared", a graph "out of date"), so only the cause is said.
    guard problems.isEmpty else {
      return Report(violations: problems.sorted(), packageCount: repo.manifests.count, fileCount: 0)
    }
    var violations = problems
    violations += ManifestRules.check(repo)
    violations += ImportRules.check(repo)
    violations += ModuleKindRules.check(repo)
    violations += GraphDocument.check(repo)
    violations += try GeneratedSources.check(root: repo.root)
    violations += RootWorkspace.check(repo)
    violations += EditorWorkspaces.check(repo)
    if build {
      violations += BuildRules.check(repo, cache: cache, progress: progress)
    }
    let files = repo.manifests.reduce(0) { count, manifest in
      count
        + manifest.targets.reduce(0) {
          $0 + ImportRules.swiftFiles(in: manifest.directory.appendingPathComponent($1.path)).count
        }
    }
    return Report(
      violations: violations.sorted(), packageCount: repo.manifests.count, fileCount: files)
  }

  /// Undoes a `make feature` or `make route` that was killed in the middle of its writes (its
  /// journal is still there); one line saying so, or nil when there was nothing to undo.
  public static func recoverInterruptedEdits(root: URL) throws(ArchCheckError) -> String? {
    try EditJournal.recover(root: root)
  }

  /// Writes everything generated (`make generate`): the case paths and the App's screen code,
  /// the root workspace, the editor workspaces and the module graph. Returns a line for each
  /// file written.
  public static func generate(root: URL) throws(ArchCheckError) -> [String] {
    let changed = try GeneratedSources.write(root: root)
    var lines = changed.map { "archcheck: wrote \($0)" }
    if changed.isEmpty { lines.append("archcheck: the generated Swift files are current") }
    if try RootWorkspace.write(root: root) {
      lines.append("archcheck: wrote Package.swift (the root workspace)")
    }
    for path in try EditorWorkspaces.write(root: root) {
      lines.append("archcheck: wrote \(path) (an editor workspace)")
    }
    if try writeGraph(root: root) {
      lines.append("archcheck: wrote \(GraphDocument.path) (the module graph)")
    }
    return lines
  }

  /// Writes the manifests' graph into `Docs/ModuleGraph.md`. Returns whether the file changed.
  @discardableResult
  public static func writeGraph(root: URL) throws(ArchCheckError) -> Bool {
    let (repo, problems) = try Repo.load(root: root)
    if let problem = problems.first { throw .invalidInput(problem.description) }
    return try GraphDocument.write(repo)
  }

  /// The manifests' graph.
  public static func graph(root: URL) throws(ArchCheckError) -> ModuleGraph {
    let (repo, problems) = try Repo.load(root: root)
    if let problem = problems.first { throw .invalidInput(problem.description) }
    return ModuleGraph.build(repo)
  }
}
