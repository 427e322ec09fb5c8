import BuildTimeKit
import Foundation
import Testing

/// `make timing`'s regression guard: which rows moved against a committed report.
@Suite("buildtime: the baseline comparison")
struct BaselineTests {
  /// A report as `buildtime repo --json` writes it, with one row per (scenario, module,
  /// median CPU seconds, recompiled).
  static func report(_ rows: [(String, String, Double, [String: Int])]) -> String {
    let measurements = rows.map { scenario, module, cpu, recompiled in
      let statistics = "{\"count\": 1, \"max\": \(cpu), \"median\": \(cpu), \"min\": \(cpu)}"
      let files = recompiled.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ")
      return """
        {"scenario": "\(scenario)", "module": "\(module)", "samples": [\(cpu)],
         "statistics": \(statistics), "cpuSamples": [\(cpu)], "cpuStatistics": \(statistics),
         "loadAverages": [0.5], "recompiled": {\(files)}}
        """
    }
    return """
      {"machine": {"cores": 2, "swiftVersion": "6.3", "buildSystem": "native", "system": "Linux"},
       "date": "2026-11-24T08:00:00Z", "runs": 1, "layout": "root workspace",
       "files": {"HogeFeature": "Packages/HogeFeature/Sources/HogeFeature/Hoge.swift"},
       "measurements": [\(measurements.joined(separator: ",\n"))]}
      """
  }

  static func load(_ text: String) throws -> RepoReport {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "baseline-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(text.utf8).write(to: url)
    return try BaselineComparison.load(url)
  }

  @Test("the same rows within the tolerance: nothing moved")
  func unchanged() throws {
    let baseline = try Self.load(
      Self.report([("body", "HogeFeature", 1.0, ["HogeFeature": 1]), ("null", "-", 0.1, [:])]))
    let current = try Self.load(
      Self.report([("body", "HogeFeature", 1.2, ["HogeFeature": 1]), ("null", "-", 0.3, [:])]))
    let comparison = BaselineComparison(current: current, baseline: baseline)
    #expect(comparison.moved == [])
    #expect(comparison.compared == 2)
  }

  @Test("a different recompiled set moves a row, however close the times")
  func recompiledMoved() throws {
    let baseline = try Self.load(Self.report([("body", "HogeFeature", 1.0, ["HogeFeature": 1])]))
    let current = try Self.load(
      Self.report([("body", "HogeFeature", 1.0, ["HogeFeature": 1, "AppFeature": 2])]))
    let moved = BaselineComparison(current: current, baseline: baseline).moved
    #expect(
      moved == [
        "body HogeFeature: recompiled AppFeature(2), HogeFeature(1), the baseline HogeFeature(1)"
      ])
  }

  @Test(
    "CPU moves a row only beyond both the factor and the seconds",
    arguments: [(1.0, 1.5, true), (1.5, 1.0, true), (0.1, 0.3, false), (2.0, 2.5, false)])
  func cpuTolerance(before: Double, now: Double, moves: Bool) throws {
    let baseline = try Self.load(Self.report([("interface", "CoreStore", before, [:])]))
    let current = try Self.load(Self.report([("interface", "CoreStore", now, [:])]))
    let moved = BaselineComparison(current: current, baseline: baseline).moved
    #expect(moved.count == (moves ? 1 : 0), "\(moved)")
    #expect(moved.allSatisfy { $0.hasPrefix("interface CoreStore: CPU ") })
  }

  @Test("rows only one side has are listed")
  func missingRows() throws {
    let baseline = try Self.load(Self.report([("body", "FugaFeature", 1.0, [:])]))
    let current = try Self.load(Self.report([("add-file", "FugaFeature", 1.0, [:])]))
    #expect(
      BaselineComparison(current: current, baseline: baseline).moved == [
        "add-file FugaFeature: new row (not in the baseline)",
        "body FugaFeature: in the baseline, not measured now",
      ])
  }

  @Test("a baseline that is not a report is refused with one line")
  func badBaseline() throws {
    #expect {
      _ = try Self.load("{\"date\": 3}")
    } throws: { error in
      let text = "\(error)"
      return text.contains("is not a report of this buildtime") && !text.contains("\n")
    }
    let missing = URL(fileURLWithPath: "/nonexistent/timing.json")
    #expect {
      _ = try BaselineComparison.load(missing)
    } throws: { error in
      "\(error)".contains("cannot read the baseline /nonexistent/timing.json")
    }
  }
}
