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
    /// Run the layout guard before each build, as `make build` does. Off
    /// (`--no-layout-guard`) times the build as it was before the guard, stale objects and
    /// all: the product check then says where.
    public var layoutGuard = true

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
    /// The file a layout edit goes to: ``file`` when it declares a struct, class or actor,
    /// else the module's first file that does; nil when none does.
    public var layoutFile: URL?
  }

  /// The library modules linked into `demo` (Core's, the clients', every feature's,
  /// AppFeature), each with the file its edits go to: the one `pins` names (module → path
  /// from the root, from a baseline report) when it is still there, else ``pinnedFile``.
  public static func targets(
    root: URL, pins: [String: String] = [:]
  ) throws(BuildTimeError) -> [Target] {
    var targets: [Target] = []
    for (name, folder) in try linkedModules(root: root) {
      var chosen: URL?
      if let pinned = pins[name].map({ root.appendingPathComponent($0) }),
        let text = try? String(contentsOf: pinned, encoding: .utf8),
        SourceEdit.hasBodyLiteral(text)
      {
        chosen = pinned
      } else {
        chosen = pinnedFile(module: name, in: folder)
      }
      guard let file = chosen else { continue }
      targets.append(
        Target(module: name, file: file, layoutFile: layoutFile(preferring: file, in: folder)))
    }
    return targets
  }

  /// The library modules linked into `demo` (Core's, the clients', every feature's,
  /// AppFeature), each with its sources' folder, in the manifests' order.
  static func linkedModules(root: URL) throws(BuildTimeError) -> [(String, URL)] {
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
    var modules: [(String, URL)] = []
    for manifest in repo.manifests {
      let role = repo.role(of: manifest)
      guard [.core, .client, .feature, .app].contains(role) else { continue }
      for target in manifest.targets where target.type == "regular" && linked.contains(target.name)
      {
        modules.append((target.name, manifest.directory.appendingPathComponent(target.path)))
      }
    }
    return modules
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

  /// `preferred` when it declares a struct, class or actor; else the first hand-written file of
  /// the folder, by name, that does.
  static func layoutFile(preferring preferred: URL, in folder: URL) -> URL? {
    let files =
      (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil))
      ?? []
    let candidates =
      [preferred]
      + files.sorted { $0.path < $1.path }.filter {
        $0.pathExtension == "swift" && !$0.lastPathComponent.hasSuffix(".generated.swift")
      }
    return candidates.first { url in
      (try? String(contentsOf: url, encoding: .utf8)).map(SourceEdit.hasLayoutType) ?? false
    }
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
    if hasWorkspace && options.layoutGuard {
      builder.layoutGuard = layoutGuard(root: options.root)
    }
    progress("warming up: building demo")
    _ = try builder.buildOrThrow("the build fails before any edit, so nothing was measured")
    // The product check's clean builds go beside the journal, and go at the end.
    let checker = ProductChecker(
      root: options.root, packagePath: builder.packagePath,
      scratch: EditJournal.location(root: options.root).deletingLastPathComponent()
        .appendingPathComponent("clean"))
    progress("the product check: a clean build of the committed tree")
    _ = try checker.reference(for: "committed")

    guardian.installSignalHandlers()
    defer {
      checker.cleanUp()
      guardian.cleanUp()
    }
    let runner = ScenarioRunner(builder: builder, checker: checker)
    var measurements: [Measurement] = []
    if options.scenarios.contains(.null) {
      progress("null build")
      measurements.append(try runner.null(runs: options.runs))
    }
    for target in targets {
      for scenario in options.scenarios where scenario != .null {
        let file = scenario == .layout ? target.layoutFile : target.file
        guard let file else {
          progress("layout edit in \(target.module): no struct, class or actor to edit; skipped")
          continue
        }
        progress("\(scenario.rawValue) edit in \(target.module)")
        let measurement = try runner.measure(
          scenario, module: target.module, file: file, runs: options.runs)
        if let mismatch = measurement.mismatch {
          progress("STALE: \(scenario.rawValue) edit in \(target.module): \(mismatch)")
        }
        measurements.append(measurement)
      }
    }
    let files = Dictionary(
      uniqueKeysWithValues: targets.map {
        ($0.module, Repo.relativePath(of: $0.file, root: options.root))
      })
    var report = RepoReport(
      machine: .current(), date: Date(), runs: options.runs, measurements: measurements,
      files: files, layout: hasWorkspace ? "root workspace" : "App package")
    report.layoutFiles = Dictionary(
      uniqueKeysWithValues: targets.compactMap { target in
        target.layoutFile.map { (target.module, Repo.relativePath(of: $0, root: options.root)) }
      })
    report.layoutGuard = builder.layoutGuard != nil
    return report
  }
}

extension RepoTiming {
  /// The layout guard of the repo at `root`, as `make build` runs it into `.build`; nil for a
  /// repo without one (a fixture).
  static func layoutGuard(root: URL) -> [String]? {
    let script = root.appendingPathComponent("Tools/scripts/layout-guard.sh")
    guard FileManager.default.fileExists(atPath: script.path) else { return nil }
    return [
      "bash", root.appendingPathComponent("Tools/scripts/layout-guard.sh").path, ".build", "--",
      root.appendingPathComponent("Tools/scripts/archcheck.sh").path, "--root", root.path,
    ]
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
