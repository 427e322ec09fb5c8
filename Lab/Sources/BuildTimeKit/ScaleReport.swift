import Foundation

/// The results of `buildtime scale`, as Markdown, JSON and an SVG line chart.
public struct ScaleReport: Codable, Sendable {
  /// Where it ran.
  public let machine: Machine
  /// When.
  public let date: Date
  /// Runs per measurement.
  public let runs: Int
  /// Every row.
  public let rows: [ScaleTiming.Row]

  private var counts: [Int] { Array(Set(rows.map(\.features))).sorted() }

  private func row(_ features: Int, _ layout: String, _ scenario: ScaleTiming.Case)
    -> ScaleTiming.Row?
  {
    rows.first { $0.features == features && $0.layout == layout && $0.scenario == scenario }
  }

  /// One table per N: each case, each layout's CPU and wall time, and the ratios to the
  /// monolith (CPU), all from the same run.
  public func markdown(command: String) -> String {
    var lines = [
      "# Build cost against the number of features: three layouts",
      "",
      "- date: \(ISO8601DateFormatter().string(from: date))",
      "- machine: \(machine.line)",
      "- command: `\(command)`",
      "- layouts: **packages** (the template: Core, each feature and the App as local packages, built through the App's manifest), **workspace** (the same folders, one root manifest with a target per module: the repo's root workspace), **monolith** (the same sources in one target)",
      "- each cell: median (min–max) of \(runs) run(s) of `swift build` (debug) of `demo`: CPU seconds (user + system of the build and every process it ran) / wall seconds; ratio = CPU of the layout / CPU of the monolith, from the same run (a `cached-` row against the monolith's `cold`: it has no cache); load: the highest one-minute load average a run of the row started at",
      "- cached rows (`make … CACHE=1`): cold builds through the compilation cache with an empty store (`cached-cold-first`), of the same clone again with the store warm (`cached-cold`), of a second clone at another path (`cached-second-clone`), and of a fresh clone with an empty manifest cache, as CI (`cached-ci`)",
      "",
    ]
    let layouts = SyntheticWorkspace.Layout.allCases.map(\.rawValue)
    for count in counts {
      lines += [
        "## N = \(count) features", "",
        "| case | packages CPU / wall | workspace CPU / wall | monolith CPU / wall | packages / monolith | workspace / monolith | load |",
        "|---|---:|---:|---:|---:|---:|---:|",
      ]
      for scenario in ScaleTiming.Case.allCases {
        let found = layouts.map { row(count, $0, scenario) }
        guard found.contains(where: { $0 != nil }) else { continue }
        // The monolith has no compilation cache: a cached row is held against its cold build.
        let monolith =
          (row(count, "monolith", scenario) ?? row(count, "monolith", scenario.monolithBaseline))?
          .cpuStatistics.median ?? 0
        func ratio(_ layout: String) -> String {
          guard monolith > 0, let cpu = row(count, layout, scenario)?.cpuStatistics.median
          else { return "–" }
          return "\(seconds(cpu / monolith))x"
        }
        let load = found.compactMap { $0?.loadAverages.max() }.max() ?? 0
        let cells = found.map { row in
          row.map { "\(cell($0.cpuStatistics)) / \(cell($0.statistics))" } ?? "–"
        }
        lines.append(
          "| \(scenario.rawValue) | \(cells.joined(separator: " | ")) | \(ratio("template")) | \(ratio("workspace")) | \(seconds(load)) |"
        )
      }
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }

  private func cell(_ statistics: Statistics) -> String {
    "\(seconds(statistics.median)) (\(seconds(statistics.min))–\(seconds(statistics.max)))"
  }

  /// JSON for machines.
  public func json() throws -> Data {
    try ReportJSON.encode(self)
  }

  /// One panel per case: median seconds against N, a line per layout.
  public func svg() -> String {
    var chart = LineChartPanels(
      title:
        "CPU time of a build of demo against the number of features (median of \(runs), seconds)",
      subtitle: machine.line, xValues: counts)
    for scenario in ScaleTiming.Case.allCases {
      let lines = SyntheticWorkspace.Layout.allCases.map { layout in
        (
          name: layout.rawValue,
          points: counts.compactMap { count in
            row(count, layout.rawValue, scenario).map { (count, $0.cpuStatistics.median) }
          }
        )
      }
      if lines.contains(where: { !$0.points.isEmpty }) {
        chart.panels.append((name: scenario.rawValue, lines: lines))
      }
    }
    return chart.render()
  }
}
