import ArchCheckKit
import Foundation

/// `buildtime repo` (`make timing`): edits one file of every module in controlled ways and
/// times the incremental debug build of `demo` after each edit.
public enum RepoTiming {
  /// What to measure.
  public struct Options: Sendable {
    /// The repo's root.
    public var root: URL
    /// Runs per scenario and module.
    public var runs = 3
    /// Which scenarios.
    public var scenarios = Scenario.allCases
    /// Which modules (nil: all).
    public var modules: [String]?
    /// Time a tree with uncommitted changes anyway.
    public var allowDirty = false
    /// A committed report to compare with: its files are the ones edited (so the rows measure
    /// the same edits), and the rows that moved are listed after the run.
    public var baseline: RepoReport?

    /// Options for the repo at `root`.
    public init(root: URL) {
      self.root = root
    }
  }

  /// One module to edit: its name and the file the edits go to.
  public struct Target: Sendable {
    /// The module whose file is edited, by its target name.
    public let module: String
    /// The file edited (a string literal in a function body, or appended to).
    public let file: URL
  }

  /// The library modules linked into `demo` (Core's, the clients', every feature's,
  /// AppFeature), each with the file its edits go to: the one `pins` names (module → path
  /// from the root, from a baseline report) when it is still there, else ``pinnedFile``.
  public static func targets(
    root: URL, pins: [String: String] = [:]
  ) throws(BuildTimeError) -> [Target] {
    let repo: Repo
    do {
      repo = try Repo.load(root: root).repo
    } catch {
      throw .invalidInput(error.description)
    }
    // Only the modules linked into demo: editing anything else rebuilds nothing of it.
    let graph = ModuleGraph.build(repo)
    var linked: Set<String> = []
    var frontier = graph.nodes.filter { $0.package == "App" && $0.target == "Demo" }
    while let node = frontier.popLast() {
      for edge in graph.edges where edge.from == node && linked.insert(edge.to.target).inserted {
        frontier.append(edge.to)
      }
    }
    var targets: [Target] = []
    for manifest in repo.manifests {
      let role = repo.role(of: manifest)
      guard [.core, .client, .feature, .app].contains(role) else { continue }
      for target in manifest.targets where target.type == "regular" && linked.contains(target.name)
      {
        let folder = manifest.directory.appendingPathComponent(target.path)
        if let pinned = pins[target.name].map({ root.appendingPathComponent($0) }),
          let text = try? String(contentsOf: pinned, encoding: .utf8),
          SourceEdit.hasBodyLiteral(text)
        {
          targets.append(Target(module: target.name, file: pinned))
        } else if let file = pinnedFile(module: target.name, in: folder) {
          targets.append(Target(module: target.name, file: file))
        }
      }
    }
    return targets
  }

  /// The file a module's edits go to, chosen by name so it stays the same as the module
  /// grows: `<Module>.swift`, else the module's name without `Feature` (`Hoge.swift`) or
  /// without `Core` (`Store.swift`), when it has a string literal in a function body to edit;
  /// else the largest file that has one. The report names it.
  static func pinnedFile(module: String, in folder: URL) -> URL? {
    var names = [module]
    if module.hasSuffix("Feature") { names.append(String(module.dropLast("Feature".count))) }
    if module.hasPrefix("Core") { names.append(String(module.dropFirst("Core".count))) }
    for name in names where !name.isEmpty {
      let url = folder.appendingPathComponent(name + ".swift")
      if let text = try? String(contentsOf: url, encoding: .utf8), SourceEdit.hasBodyLiteral(text) {
        return url
      }
    }
    return editableFile(in: folder)
  }

  /// The largest hand-written Swift file of a folder with a string literal in a function body
  /// (generated files are rewritten by make generate, never edited).
  static func editableFile(in folder: URL) -> URL? {
    let files =
      (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil))
      ?? []
    return
      files
      .filter { $0.pathExtension == "swift" && !$0.lastPathComponent.hasSuffix(".generated.swift") }
      .compactMap { url -> (URL, Int)? in
        guard let text = try? String(contentsOf: url, encoding: .utf8),
          SourceEdit.hasBodyLiteral(text)
        else {
          return nil
        }
        return (url, text.utf8.count)
      }
      .max { ($0.1, $1.0.path) < ($1.1, $0.0.path) }?.0
  }

  /// Runs the measurements. Every file touched is restored before this returns or throws.
  public static func run(
    _ options: Options, progress: (String) -> Void = { _ in }
  ) throws(BuildTimeError) -> RepoReport {
    guard options.runs >= 1 else {
      throw .invalidInput("--runs must be 1 or more; got \(options.runs)")
    }
    var targets = try targets(root: options.root, pins: options.baseline?.files ?? [:])
    if let wanted = options.modules {
      let known = targets.map(\.module)
      for name in wanted where !known.contains(name) {
        throw .invalidInput(
          "unknown module '\(name)'; choose from \(known.joined(separator: ", "))")
      }
      targets = targets.filter { wanted.contains($0.module) }
    }
    let guardian = FileGuard.shared
    let leftover = try guardian.useJournal(at: EditJournal.location(root: options.root))
    if !leftover.isEmpty {
      progress(
        "restored \(leftover.count) file(s) an interrupted run had left edited: "
          + leftover.map { Repo.relativePath(of: URL(fileURLWithPath: $0), root: options.root) }
          .joined(separator: ", "))
    }
    try CleanTree.check(options.root, allowDirty: options.allowDirty)
    // The everyday build: the root workspace when the repo has one, else the App package.
    let hasWorkspace = FileManager.default.fileExists(
      atPath: options.root.appendingPathComponent("Package.swift").path)
    let builder = Builder(
      packagePath: hasWorkspace ? options.root : options.root.appendingPathComponent("App"),
      product: "demo")
    progress("warming up: building demo")
    _ = try builder.buildOrThrow("the build fails before any edit, so nothing was measured")

    guardian.installSignalHandlers()
    defer { guardian.cleanUp() }
    var measurements: [Measurement] = []
    if options.scenarios.contains(.null) {
      progress("null build")
      measurements.append(try ScenarioRunner(builder: builder).null(runs: options.runs))
    }
    for target in targets {
      for scenario in options.scenarios where scenario != .null {
        progress("\(scenario.rawValue) edit in \(target.module)")
        measurements.append(
          try ScenarioRunner(builder: builder).measure(
            scenario, module: target.module, file: target.file, runs: options.runs))
      }
    }
    let files = Dictionary(
      uniqueKeysWithValues: targets.map {
        ($0.module, Repo.relativePath(of: $0.file, root: options.root))
      })
    return RepoReport(
      machine: .current(), date: Date(), runs: options.runs, measurements: measurements,
      files: files, layout: hasWorkspace ? "root workspace" : "App package")
  }
}

/// Refuses to time a tree with uncommitted changes: the restore must leave it as it was.
enum CleanTree {
  static func check(_ root: URL, allowDirty: Bool) throws(BuildTimeError) {
    guard !allowDirty else { return }
    guard let status = try? Shell.run(["git", "status", "--porcelain"], in: root),
      status.status == 0
    else {
      throw .invalidInput(
        "\(root.path) is not a git checkout; pass --allow-dirty to time it anyway")
    }
    guard status.stdout.isEmpty else {
      throw .invalidInput(
        "the tree has uncommitted changes; commit or stash them (or pass --allow-dirty)")
    }
  }
}
