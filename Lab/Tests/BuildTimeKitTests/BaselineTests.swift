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

  @Test("a different recompiled set moves a row, however close the times, module by module")
  func recompiledMoved() throws {
    let baseline = try Self.load(
      Self.report([("body", "HogeFeature", 1.0, ["HogeFeature": 1, "CoreUI": 3])]))
    let current = try Self.load(
      Self.report([("body", "HogeFeature", 1.0, ["HogeFeature": 2, "AppFeature": 2])]))
    let moved = BaselineComparison(current: current, baseline: baseline) { module, edited in
      "why \(module) after \(edited)"
    }.moved
    #expect(
      moved == [
        "body HogeFeature: recompiled AppFeature(2), HogeFeature(2), the baseline CoreUI(3), "
          + "HogeFeature(1)",
        "    AppFeature recompiles now (2 files), not in the baseline: why AppFeature after "
          + "HogeFeature",
        "    CoreUI no longer recompiles (3 files in the baseline): why CoreUI after HogeFeature",
        "    HogeFeature recompiles 2 files, 1 in the baseline: why HogeFeature after HogeFeature",
      ])
  }

  @Test(
    "CPU beyond both the factor and the seconds is a note, never a moved row",
    arguments: [(1.0, 1.5, true), (1.5, 1.0, true), (0.1, 0.3, false), (2.0, 2.5, false)])
  func cpuTolerance(before: Double, now: Double, noted: Bool) throws {
    let baseline = try Self.load(Self.report([("interface", "CoreStore", before, [:])]))
    let current = try Self.load(Self.report([("interface", "CoreStore", now, [:])]))
    let comparison = BaselineComparison(current: current, baseline: baseline)
    #expect(comparison.moved == [])
    #expect(comparison.cpuNotes.count == (noted ? 1 : 0), "\(comparison.cpuNotes)")
    #expect(comparison.cpuNotes.allSatisfy { $0.hasPrefix("interface CoreStore: CPU ") })
  }

  @Test("rows only one side has are listed, within what the run measured")
  func missingRows() throws {
    let baseline = try Self.load(Self.report([("body", "FugaFeature", 1.0, [:])]))
    let current = try Self.load(Self.report([("add-file", "FugaFeature", 1.0, [:])]))
    #expect(
      BaselineComparison(current: current, baseline: baseline).moved == [
        "add-file FugaFeature: new row (not in the baseline); refresh it: make timing-baseline",
        "body FugaFeature: in the baseline, not measured now (the module is gone?); refresh it: "
          + "make timing-baseline",
      ])
  }

  @Test("--modules and --scenarios compare only the rows the run measured")
  func scope() throws {
    let baseline = try Self.load(
      Self.report([
        ("body", "HogeFeature", 1.0, ["HogeFeature": 1]), ("interface", "HogeFeature", 1.0, [:]),
        ("body", "CoreStore", 1.0, [:]), ("null", "-", 0.1, [:]),
      ]))
    let current = try Self.load(Self.report([("body", "HogeFeature", 1.0, ["HogeFeature": 1])]))
    let narrow = BaselineComparison(
      current: current, baseline: baseline,
      scope: .init(scenarios: [.body], modules: ["HogeFeature"]))
    #expect(narrow.moved == [])
    #expect(narrow.compared == 1)
    // Measured but missing from the run: still listed.
    let wider = BaselineComparison(
      current: current, baseline: baseline,
      scope: .init(scenarios: [.body, .interface], modules: ["HogeFeature"]))
    #expect(wider.moved.count == 1)
    #expect(wider.moved.first?.hasPrefix("interface HogeFeature: in the baseline") == true)
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

/// Why a module's recompiled set moved, from the module graph of a real (fixture) tree.
@Suite("buildtime: why a recompiled set moved")
struct RecompileReasonsTests {
  @Test("a dependent says how it depends on the edited module and how many files it has")
  func reasons() throws {
    let fixture = try TimingFixture()
    defer { fixture.remove() }
    let reasons = RecompileReasons(root: fixture.root)
    #expect(
      reasons.why("LeafFeature", edited: "CoreBase").hasPrefix("it depends on CoreBase directly"))
    #expect(reasons.why("LeafFeature", edited: "CoreBase").hasSuffix("it has 1 Swift files now"))
    #expect(
      reasons.why("CoreBase", edited: "LeafFeature").hasPrefix("it does not depend on LeafFeature"))
  }
}
