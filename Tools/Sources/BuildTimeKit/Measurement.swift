/// What buildtime changes before a rebuild.
public enum Scenario: String, CaseIterable, Codable, Sendable {
  /// Nothing: a build right after a build.
  case null
  /// A string literal inside a function body.
  case body
  /// A new public function.
  case interface
  /// A new source file.
  case newFile = "new-file"

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
  /// The scenario.
  public let scenario: Scenario
  /// The edited module (`-` for a null build).
  public let module: String
  /// Seconds per run.
  public let samples: [Double]
  /// Median, min, max of the samples.
  public let statistics: Statistics
  /// Module → number of its files compiled (the union over the runs).
  public let recompiled: [String: Int]

  init(scenario: Scenario, module: String, samples: [Double], recompiled: [String: Set<String>]) {
    self.scenario = scenario
    self.module = module
    self.samples = samples
    self.statistics = Statistics(samples)!
    self.recompiled = recompiled.mapValues(\.count)
  }

  /// `AppFeature(1), HogeFeature(2)`.
  public var recompiledSummary: String {
    guard !recompiled.isEmpty else { return "none" }
    return recompiled.keys.sorted().map { "\($0)(\(recompiled[$0]!))" }.joined(separator: ", ")
  }
}
