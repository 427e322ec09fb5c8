import Foundation

/// `make timing`'s regression guard: a run set beside a committed report. A row moved when
/// it recompiled other modules or files (exact: that is the build graph changing) or when its
/// CPU time left the tolerance (CPU, not wall: it is what load on a shared machine disturbs
/// least). Rows only one side has are listed too.
public struct BaselineComparison: Sendable {
  /// How far a row's median CPU time may be from the baseline's: a factor and, for short
  /// builds where a factor is too strict, seconds. Beyond both, the row moved.
  public static let cpuFactor = 1.3
  /// See ``cpuFactor``.
  public static let cpuSeconds = 0.25

  /// One line per row that moved, saying how.
  public let moved: [String]
  /// How many rows both reports have.
  public let compared: Int

  /// Compares `current` with `baseline`, row by row (scenario and module).
  public init(current: RepoReport, baseline: RepoReport) {
    var moved: [String] = []
    var compared = 0
    for row in current.measurements {
      let name = "\(row.scenario.rawValue) \(row.module)"
      guard
        let old = baseline.measurements.first(where: {
          $0.scenario == row.scenario && $0.module == row.module
        })
      else {
        moved.append("\(name): new row (not in the baseline)")
        continue
      }
      compared += 1
      if old.recompiled != row.recompiled {
        moved.append(
          "\(name): recompiled \(row.recompiledSummary), the baseline \(old.recompiledSummary)")
      }
      let before = old.cpuStatistics.median
      let now = row.cpuStatistics.median
      let outside =
        abs(now - before) > Self.cpuSeconds
        && (now > before * Self.cpuFactor || now * Self.cpuFactor < before)
      if outside {
        moved.append(
          "\(name): CPU \(seconds(now)) s, the baseline \(seconds(before)) s"
            + " (\(seconds(before > 0 ? now / before : 0))x)")
      }
    }
    for old in baseline.measurements
    where !current.measurements.contains(where: {
      $0.scenario == old.scenario && $0.module == old.module
    }) {
      moved.append("\(old.scenario.rawValue) \(old.module): in the baseline, not measured now")
    }
    self.moved = moved
    self.compared = compared
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
