import Foundation

/// `make timing`'s regression guard: a run set beside a committed report, row by row (scenario
/// and module), over the rows the run measured (`--modules` and `--scenarios` narrow both
/// sides). A row moved when it recompiled other modules or files: that is the build graph
/// changing, exact on any machine, so it fails the run, each changed module with why. CPU
/// time beyond the tolerance is listed too, as a note: on a shared machine it moves with the
/// load, so it never fails a run by itself.
public struct BaselineComparison: Sendable {
  /// How far a row's median CPU time may be from the baseline's before it is noted: a factor
  /// and, for short builds where a factor is too strict, seconds. Beyond both, it is noted.
  public static let cpuFactor = 1.3
  /// See ``cpuFactor``.
  public static let cpuSeconds = 0.25

  /// What the run measured: the scenarios, and the modules (nil: every one).
  public struct Scope: Sendable {
    /// The scenarios measured.
    public var scenarios: [Scenario]
    /// The modules measured; nil when every module was.
    public var modules: [String]?

    /// Every row.
    public static let everything = Scope(scenarios: Scenario.allCases, modules: nil)

    /// A scope of `scenarios` and `modules`.
    public init(scenarios: [Scenario], modules: [String]?) {
      self.scenarios = scenarios
      self.modules = modules
    }

    /// Whether a row of the baseline is one the run would have measured.
    func contains(_ row: Measurement) -> Bool {
      scenarios.contains(row.scenario)
        && (row.scenario == .null || modules?.contains(row.module) ?? true)
    }
  }

  /// One line per row whose build graph moved (recompiled sets), or that only one side has:
  /// these fail the run.
  public let moved: [String]
  /// One line per row whose CPU time left the tolerance: a note, not a failure.
  public let cpuNotes: [String]
  /// How many rows both reports have.
  public let compared: Int

  /// Compares `current` with the rows of `baseline` in `scope`; `why` says why a module's
  /// recompiled files changed for an edit of another (from the module graph of today's tree).
  public init(
    current: RepoReport, baseline: RepoReport, scope: Scope = .everything,
    why: (_ module: String, _ edited: String) -> String = { _, _ in "" }
  ) {
    var moved: [String] = []
    var notes: [String] = []
    var compared = 0
    let baselineRows = baseline.measurements.filter { scope.contains($0) }
    for row in current.measurements {
      let name = "\(row.scenario.rawValue) \(row.module)"
      guard
        let old = baselineRows.first(where: {
          $0.scenario == row.scenario && $0.module == row.module
        })
      else {
        moved.append("\(name): new row (not in the baseline); refresh it: make timing-baseline")
        continue
      }
      compared += 1
      if old.recompiled != row.recompiled {
        moved.append(
          "\(name): recompiled \(row.recompiledSummary), the baseline \(old.recompiledSummary)")
        moved += Self.changes(from: old.recompiled, to: row.recompiled).map { module, line in
          let reason = why(module, row.module)
          return "    " + line + (reason.isEmpty ? "" : ": " + reason)
        }
      }
      let before = old.cpuStatistics.median
      let now = row.cpuStatistics.median
      let outside =
        abs(now - before) > Self.cpuSeconds
        && (now > before * Self.cpuFactor || now * Self.cpuFactor < before)
      if outside {
        notes.append(
          "\(name): CPU \(seconds(now)) s, the baseline \(seconds(before)) s"
            + " (\(seconds(before > 0 ? now / before : 0))x)")
      }
    }
    for old in baselineRows
    where !current.measurements.contains(where: {
      $0.scenario == old.scenario && $0.module == old.module
    }) {
      moved.append(
        "\(old.scenario.rawValue) \(old.module): in the baseline, not measured now (the module "
          + "is gone?); refresh it: make timing-baseline")
    }
    self.moved = moved
    self.cpuNotes = notes
    self.compared = compared
  }

  /// A line per module whose recompiled file count differs, by module name.
  static func changes(from old: [String: Int], to new: [String: Int]) -> [(String, String)] {
    var lines: [(String, String)] = []
    for module in Set(old.keys).union(new.keys).sorted() {
      switch (old[module], new[module]) {
      case (nil, let now?):
        lines.append((module, "\(module) recompiles now (\(now) files), not in the baseline"))
      case (let before?, nil):
        lines.append((module, "\(module) no longer recompiles (\(before) files in the baseline)"))
      case (let before?, let now?) where before != now:
        lines.append((module, "\(module) recompiles \(now) files, \(before) in the baseline"))
      default:
        continue
      }
    }
    return lines
  }

  /// Reads a report that `buildtime repo --json` wrote.
  public static func load(_ url: URL) throws(BuildTimeError) -> RepoReport {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .invalidInput("cannot read the baseline \(url.path): \(error.localizedDescription)")
    }
    do {
      return try ReportJSON.decode(RepoReport.self, from: data)
    } catch {
      throw .invalidInput(
        "\(url.path) is not a report of this buildtime (\(error.localizedDescription)); give a "
          + "--json report of "
          + "buildtime repo, or re-measure and commit one")
    }
  }
}
