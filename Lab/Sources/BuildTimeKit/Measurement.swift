/// What buildtime changes before a rebuild.
public enum Scenario: String, CaseIterable, Codable, Sendable {
  /// Nothing: a build right after a build.
  case null
  /// A string literal inside a function body.
  case body
  /// A new public function.
  case interface
  /// A new source file, added (each run adds one more; all go at the end).
  case addFile = "add-file"
  /// A source file deleted (each run first adds and builds a file, untimed, then deletes it).
  case deleteFile = "delete-file"
  /// A stored property added to a type (odd runs) and taken away again (even runs): a change
  /// of layout, which the layout guard makes the modules built on it compile again for.
  case layout

  /// Parses a comma-separated list, refusing unknown names with the valid ones.
  public static func parseList(_ text: String) throws(BuildTimeError) -> [Scenario] {
    var scenarios: [Scenario] = []
    for name in text.split(separator: ",") {
      guard let scenario = Scenario(rawValue: String(name)) else {
        throw .invalidInput(
          "unknown scenario '\(name)'; choose from \(allCases.map(\.rawValue).joined(separator: ", "))"
        )
      }
      scenarios.append(scenario)
    }
    return scenarios
  }
}

/// The timings of one scenario on one module, and what it recompiled.
public struct Measurement: Codable, Sendable {
  /// What was done before the build: nothing, a body or interface edit, a file added or deleted.
  public let scenario: Scenario
  /// The edited module (`-` for a null build).
  public let module: String
  /// Wall seconds per run.
  public let samples: [Double]
  /// Median, min, max of the wall seconds.
  public let statistics: Statistics
  /// CPU seconds (user + system, the build and its children) per run.
  public let cpuSamples: [Double]
  /// Median, min, max of the CPU seconds.
  public let cpuStatistics: Statistics
  /// The one-minute load average as each run started.
  public let loadAverages: [Double]
  /// Module → number of its files compiled (the union over the runs).
  public let recompiled: [String: Int]
  /// Where a run's demo printed other than a clean build of the same tree, when one did: nil
  /// for a product that is exact. Missing in reports from before the check.
  public var mismatch: String?

  init(scenario: Scenario, module: String, results: [Builder.Result], mismatch: String? = nil) {
    self.mismatch = mismatch
    self.scenario = scenario
    self.module = module
    samples = results.map(\.seconds)
    statistics = Statistics(samples)!
    cpuSamples = results.map(\.cpuSeconds)
    cpuStatistics = Statistics(cpuSamples)!
    loadAverages = results.map(\.loadAverage)
    var union: [String: Set<String>] = [:]
    for result in results {
      union.merge(result.recompiled) { $0.union($1) }
    }
    recompiled = union.mapValues(\.count)
  }

  /// The highest load average any run started at, with one decimal: `1.4`.
  public var loadSummary: String {
    let tenths = Int(((loadAverages.max() ?? 0) * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }

  /// `AppFeature(1), HogeFeature(2)`.
  public var recompiledSummary: String {
    guard !recompiled.isEmpty else { return "none" }
    return recompiled.keys.sorted().map { "\($0)(\(recompiled[$0]!))" }.joined(separator: ", ")
  }
}
