import Foundation

/// The results of `buildtime repo`, as Markdown, JSON and an SVG bar chart.
public struct RepoReport: Codable, Sendable {
  /// Where it ran.
  public let machine: Machine
  /// When.
  public let date: Date
  /// Runs per measurement.
  public let runs: Int
  /// Every measurement.
  public let measurements: [Measurement]
  /// Module → the file its edits went to.
  public let files: [String: String]
  /// What was built: `root workspace` (the repo's root Package.swift) or `App package`.
  public let layout: String
  /// Module → the file its layout edits went to (missing in reports from before them).
  public var layoutFiles: [String: String]?
  /// Whether the layout guard ran before each build, as `make build` runs it (missing in
  /// reports from before it: it did not).
  public var layoutGuard: Bool?

  /// A Markdown report with one row per scenario and module.
  public func markdown(command: String) -> String {
    var lines = [
      "# Incremental builds of `demo`, per module and edit",
      "",
      "- date: \(ISO8601DateFormatter().string(from: date))",
      "- machine: \(machine.line)",
      "- command: `\(command)`",
      "- built: `demo` through the \(layout), incremental debug builds",
      "- each row: \(runs) run(s), each a different edit of the same kind, then the build; CPU is user + system seconds of `swift build` and every process it ran (what load disturbs least), wall is its wall time; median (min–max); load is the highest one-minute load average a run of the row started at",
      "- layout guard: \(layoutGuard == true ? "run before each build, as `make build` runs it (its time is in the row's)" : "off: the build as it was before the guard")",
      "- product: after each build, its demo runs every transcript's input and link and is compared with a clean build of the same tree (`exact`), or not (`STALE`, where below)",
      "",
      "| scenario | module | file | CPU s | wall s | load | recompiled: module(files) | product |",
      "|---|---|---|---:|---:|---:|---|---|",
    ]
    for measurement in measurements {
      lines.append(
        "| \(measurement.scenario.rawValue) | \(measurement.module) | \(fileCell(measurement)) | \(range(measurement.cpuStatistics)) | \(range(measurement.statistics)) | \(measurement.loadSummary) | \(measurement.recompiledSummary) | \(measurement.mismatch == nil ? "exact" : "STALE") |"
      )
    }
    let stale = measurements.filter { $0.mismatch != nil }
    if !stale.isEmpty {
      lines += ["", "Stale products:", ""]
      for measurement in stale {
        lines.append(
          "- \(measurement.scenario.rawValue) in \(measurement.module): \(measurement.mismatch ?? "")"
        )
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func range(_ statistics: Statistics) -> String {
    "\(seconds(statistics.median)) (\(seconds(statistics.min))–\(seconds(statistics.max)))"
  }

  private func fileCell(_ measurement: Measurement) -> String {
    if measurement.scenario == .addFile { return "(a new file beside it)" }
    if measurement.scenario == .deleteFile { return "(a file beside it, deleted)" }
    if measurement.scenario == .layout {
      return layoutFiles?[measurement.module].map {
        "`\(URL(fileURLWithPath: $0).lastPathComponent)`"
      } ?? "-"
    }
    return files[measurement.module].map { "`\(URL(fileURLWithPath: $0).lastPathComponent)`" }
      ?? "-"
  }

  /// JSON for machines.
  public func json() throws -> Data {
    try ReportJSON.encode(self)
  }

  /// Grouped bars: one group per module, one bar per edit scenario; the null build as a line.
  public func svg() -> String {
    let edits = measurements.filter { $0.scenario != .null }
    var modules: [String] = []
    for measurement in edits where !modules.contains(measurement.module) {
      modules.append(measurement.module)
    }
    let scenarios = Scenario.allCases.filter { scenario in
      edits.contains { $0.scenario == scenario }
    }
    let null = measurements.first { $0.scenario == .null }?.statistics.median
    var chart = BarChart(
      title: "Incremental build of demo after one edit (median of \(runs), seconds)",
      subtitle: machine.line, groups: modules, series: scenarios.map(\.rawValue))
    for measurement in edits {
      chart.set(
        group: measurement.module, series: measurement.scenario.rawValue,
        value: measurement.statistics.median)
    }
    chart.referenceLine = null.map { ("null build", $0) }
    return chart.render()
  }
}
