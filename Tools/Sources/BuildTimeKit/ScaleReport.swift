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

  private func median(_ features: Int, _ layout: String, _ scenario: ScaleTiming.Case)
    -> Statistics?
  {
    rows.first { $0.features == features && $0.layout == layout && $0.scenario == scenario }?
      .statistics
  }

  /// One table per N: each case, both layouts, and the ratio template/monolith.
  public func markdown(command: String) -> String {
    var lines = [
      "# Build cost against the number of features: template layout vs monolith",
      "",
      "- date: \(ISO8601DateFormatter().string(from: date))",
      "- machine: \(machine.line)",
      "- command: `\(command)`",
      "- each cell: median (min–max) of \(runs) run(s), seconds of wall time of `swift build` (debug) of `demo`; ratio = template / monolith, from the same run",
      "",
    ]
    for count in counts {
      lines += [
        "## N = \(count) features", "",
        "| case | template | monolith | ratio |", "|---|---:|---:|---:|",
      ]
      for scenario in ScaleTiming.Case.allCases {
        guard let template = median(count, "template", scenario),
          let monolith = median(count, "monolith", scenario)
        else { continue }
        let ratio = monolith.median > 0 ? template.median / monolith.median : 0
        lines.append(
          "| \(scenario.rawValue) | \(cell(template)) | \(cell(monolith)) | \(seconds(ratio))x |")
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
      title: "Build time of demo against the number of features (median of \(runs), seconds)",
      subtitle: machine.line, xValues: counts)
    for scenario in ScaleTiming.Case.allCases {
      let lines = SyntheticWorkspace.Layout.allCases.map { layout in
        (
          name: layout.rawValue,
          points: counts.compactMap { count in
            median(count, layout.rawValue, scenario).map { (count, $0.median) }
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
