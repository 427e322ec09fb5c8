import Foundation

/// `buildtime scale` (`make timing-scale`): how each layout's build cost grows with the number
/// of features, measured on generated workspaces in a temporary folder.
public enum ScaleTiming {
  /// The scenarios measured on each workspace.
  public enum Case: String, CaseIterable, Codable, Sendable {
    /// A build from an empty build folder with an empty manifest cache: a fresh clone's first.
    case coldFirst = "cold-first"
    /// A build from an empty build folder, the machine's manifest cache warm.
    case cold
    /// A cold build through the compilation cache with an empty store (`CACHE=1`).
    case cachedFirst = "cached-cold-first"
    /// The same clone's cold build again (after `make clean`), the store warm.
    case cachedCold = "cached-cold"
    /// A second clone's cold build, at another path under the same folder name, the store warm.
    case cachedClone = "cached-second-clone"
    /// A fresh clone on a machine whose store is warm and whose manifest cache is empty, as CI.
    case cachedCI = "cached-ci"
    /// A build right after a build.
    case null
    /// A string literal changed in the leaf feature's function.
    case leafBody = "leaf-body"
    /// A public function added to the leaf feature.
    case leafInterface = "leaf-interface"
    /// A string literal changed in a Core function.
    case coreBody = "core-body"
    /// A public function added to Core.
    case coreInterface = "core-interface"
    /// A file added to the leaf feature (pure adds).
    case addFile = "add-file"
    /// A file deleted from the leaf feature.
    case deleteFile = "delete-file"

    /// The monolith's case a row of this case is held against: itself, or the plain cold
    /// build for a build through the compilation cache (the monolith has none).
    var monolithBaseline: Case {
      switch self {
      case .cachedFirst, .cachedCold, .cachedClone, .cachedCI: .cold
      default: self
      }
    }
  }

  /// What to measure.
  public struct Options: Sendable {
    /// The repo (Core's sources come from it).
    public var root: URL
    /// How many generated features each layout is measured with (N).
    public var featureCounts = [4, 16, 64]
    /// Runs per measurement.
    public var runs = 3
    /// Also the cold builds through the compilation cache (not for the monolith).
    public var cached = true
    /// Only the cold builds (`cold` and the cached ones): no first cold, null or edit builds.
    public var coldOnly = false

    /// Options for the repo at `root`.
    public init(root: URL) {
      self.root = root
    }
  }

  /// One row: a layout at N features, one case.
  public struct Row: Codable, Sendable {
    /// Features in the workspace.
    public let features: Int
    /// How the modules are laid out: separate packages, one manifest, or one monolith target.
    public let layout: String
    /// The case.
    public let scenario: Case
    /// Wall seconds per run.
    public let samples: [Double]
    /// Median, min, max of the wall seconds.
    public let statistics: Statistics
    /// CPU seconds (user + system of the build and its children) per run.
    public let cpuSamples: [Double]
    /// Median, min, max of the CPU seconds.
    public let cpuStatistics: Statistics
    /// The one-minute load average as each run started.
    public let loadAverages: [Double]

    init(features: Int, layout: String, scenario: Case, measurement: Measurement) {
      self.features = features
      self.layout = layout
      self.scenario = scenario
      samples = measurement.samples
      statistics = measurement.statistics
      cpuSamples = measurement.cpuSamples
      cpuStatistics = measurement.cpuStatistics
      loadAverages = measurement.loadAverages
    }

    /// A row of builds that are no ``Scenario`` (the cold ones): the same statistics as a
    /// ``Measurement`` of them, whose own scenario the row does not read.
    init(features: Int, layout: String, scenario: Case, results: [Builder.Result]) {
      self.init(
        features: features, layout: layout, scenario: scenario,
        measurement: Measurement(scenario: .null, module: scenario.rawValue, results: results))
    }
  }

  /// Parses `4,16,64`, refusing anything but whole numbers of 1 or more.
  public static func parseCounts(_ text: String) throws(BuildTimeError) -> [Int] {
    var counts: [Int] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let count = Int(part), count >= 1 else {
        throw .invalidInput(
          "--features takes whole numbers of 1 or more, like 4,16,64; got '\(part)'")
      }
      counts.append(count)
    }
    return counts
  }

  /// Generates, measures and deletes each workspace. Temporary folders are removed on every
  /// exit path, signals included.
  public static func run(
    _ options: Options, progress: (String) -> Void = { _ in }
  ) throws(BuildTimeError) -> ScaleReport {
    guard options.runs >= 1 else {
      throw .invalidInput("--runs must be 1 or more; got \(options.runs)")
    }
    guard !options.featureCounts.isEmpty, options.featureCounts.allSatisfy({ $0 >= 1 }) else {
      throw .invalidInput("--features takes whole numbers of 1 or more, like 4,16,64")
    }
    guard
      FileManager.default.fileExists(
        atPath: options.root.appendingPathComponent("Packages/Core/Package.swift").path)
    else {
      throw .invalidInput(
        "\(options.root.path) is not a Switchyard repo (no Packages/Core); run from the repo root")
    }
    let guardian = FileGuard.shared
    let leftover = try guardian.useJournal(at: EditJournal.location(root: options.root))
    if !leftover.isEmpty {
      progress("restored \(leftover.count) file(s) an interrupted run had left edited")
    }
    guardian.installSignalHandlers()
    defer { guardian.cleanUp() }
    var rows: [Row] = []
    for count in options.featureCounts {
      for layout in SyntheticWorkspace.Layout.allCases {
        // Every workspace under one folder name, so its clones share the cache (the name is in
        // the key).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
          "buildtime-\(layout.rawValue)-\(count)-\(UUID().uuidString)")
        guardian.removeOnExit(folder)
        defer {
          try? FileManager.default.removeItem(at: folder)
          guardian.forget(folder)
        }
        progress("N=\(count) \(layout.rawValue): generating")
        let workspace = try SyntheticWorkspace.generate(
          layout: layout, featureCount: count, repoRoot: options.root,
          into: folder.appendingPathComponent("switchyard"))
        rows += try measure(
          workspace, runs: options.runs, coldOnly: options.coldOnly, progress: progress)
        if options.cached && layout != .monolith {
          let cache = CachedBuilds(
            workspace: workspace, home: folder.appendingPathComponent("cache"),
            script: options.root.appendingPathComponent("Tools/scripts/compile-cache.sh"))
          rows += try measureCached(cache, runs: options.runs, progress: progress)
        }
      }
    }
    return ScaleReport(machine: .current(), date: Date(), runs: options.runs, rows: rows)
  }

  /// The four cold builds through the cache: an empty store, the same clone again, a second
  /// clone, a CI-like fresh clone with an empty manifest cache.
  private static func measureCached(
    _ cache: CachedBuilds, runs: Int, progress: (String) -> Void
  ) throws(BuildTimeError) -> [Row] {
    let workspace = cache.workspace
    let label = "N=\(workspace.featureCount) \(workspace.layout.rawValue)"
    func row(_ scenario: Case, _ results: [Builder.Result]) -> Row {
      Row(
        features: workspace.featureCount, layout: workspace.layout.rawValue, scenario: scenario,
        results: results)
    }
    var rows: [Row] = []
    progress("\(label): cached cold builds, empty store")
    var first: [Builder.Result] = []
    for _ in 1...runs {
      cache.emptyStore()
      first.append(try cache.coldBuild(of: workspace.root))
    }
    rows.append(row(.cachedFirst, first))
    progress("\(label): cached cold builds of the same clone")
    var again: [Builder.Result] = []
    for _ in 1...runs {
      again.append(try cache.coldBuild(of: workspace.root))
    }
    rows.append(row(.cachedCold, again))
    progress("\(label): cached cold builds of a second clone")
    let second = try cache.clone()
    var clone: [Builder.Result] = []
    for _ in 1...runs {
      clone.append(try cache.coldBuild(of: second))
    }
    rows.append(row(.cachedClone, clone))
    progress("\(label): CI-like builds (fresh clone, warm store, empty manifest cache)")
    var ci: [Builder.Result] = []
    for _ in 1...runs {
      ci.append(try cache.coldBuild(of: try cache.clone(), firstOnMachine: true))
    }
    rows.append(row(.cachedCI, ci))
    return rows
  }

  private static func measure(
    _ workspace: SyntheticWorkspace, runs: Int, coldOnly: Bool, progress: (String) -> Void
  ) throws(BuildTimeError) -> [Row] {
    let scratch = workspace.root.appendingPathComponent(".build")
    let builder = Builder(packagePath: workspace.packagePath, product: "demo", scratchPath: scratch)
    let label = "N=\(workspace.featureCount) \(workspace.layout.rawValue)"
    var rows: [Row] = []
    func row(_ scenario: Case, _ results: [Builder.Result]) {
      rows.append(
        Row(
          features: workspace.featureCount, layout: workspace.layout.rawValue, scenario: scenario,
          results: results))
    }
    // First cold builds: the manifest cache kept in the (empty) build folder, so every
    // manifest is compiled as on a fresh machine; then cold builds with the shared cache.
    if !coldOnly {
      progress("\(label): first cold builds (empty manifest cache)")
      let first = Builder(
        packagePath: workspace.packagePath, product: "demo", scratchPath: scratch)
      first.extraArguments = ["--manifest-cache", "local"]
      var coldFirst: [Builder.Result] = []
      for _ in 1...runs {
        try? FileManager.default.removeItem(at: scratch)
        coldFirst.append(try first.buildOrThrow("the first cold build of \(label) failed"))
      }
      row(.coldFirst, coldFirst)
    }
    progress("\(label): cold builds")
    var cold: [Builder.Result] = []
    for _ in 1...runs {
      try? FileManager.default.removeItem(at: scratch)
      cold.append(try builder.buildOrThrow("the cold build of \(label) failed"))
    }
    row(.cold, cold)
    guard !coldOnly else { return rows }
    let runner = ScenarioRunner(builder: builder)
    progress("\(label): null builds")
    rows.append(
      Row(
        features: workspace.featureCount, layout: workspace.layout.rawValue, scenario: .null,
        measurement: try runner.null(runs: runs)))
    let edits: [(Case, Scenario, URL)] = [
      (.leafBody, .body, workspace.leafFile),
      (.leafInterface, .interface, workspace.leafFile),
      (.coreBody, .body, workspace.coreFile),
      (.coreInterface, .interface, workspace.coreFile),
      (.addFile, .addFile, workspace.leafFile),
      (.deleteFile, .deleteFile, workspace.leafFile),
    ]
    for (scenario, edit, file) in edits {
      progress("\(label): \(scenario.rawValue)")
      rows.append(
        Row(
          features: workspace.featureCount, layout: workspace.layout.rawValue,
          scenario: scenario,
          measurement: try runner.measure(edit, module: scenario.rawValue, file: file, runs: runs)
        ))
    }
    return rows
  }
}
