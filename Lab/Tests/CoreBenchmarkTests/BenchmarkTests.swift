import Testing

@testable import CoreBenchmark

@Suite("Store benchmark")
@MainActor
struct BenchmarkTests {
  @Test(
    "the floor and Core do the same job: each side of each case performs every action",
    arguments: benchmarkCases.map(\.key), Side.allCases)
  func sidesDoTheSameJob(key: String, side: Side) async throws {
    let benchmarkCase = try #require(benchmarkCases.first { $0.key == key })
    let workload = benchmarkCase.make(side)
    await workload.run(3)
    await workload.run(4)
    #expect(workload.checksum == 7)
  }

  @Test("the cases have distinct keys, so --only and --cases pick exactly one")
  func keysAreDistinct() {
    let keys = benchmarkCases.map(\.key)
    #expect(Set(keys).count == keys.count)
  }

  @Test("options: one side of one case for callgrind, and the report of chosen cases")
  func options() throws {
    let single = try BenchmarkOptions(["--only", "e1", "--side", "core", "--count", "20"])
    guard case .single(let benchmarkCase, let side, let count) = single.mode else {
      Issue.record("expected a single run, got \(single.mode)")
      return
    }
    #expect(benchmarkCase.key == "e1" && side == .core && count == 20)

    let report = try BenchmarkOptions(["--cases", "a,f", "--no-callgrind"])
    guard case .report(let cases, let callgrind) = report.mode else {
      Issue.record("expected a report, got \(report.mode)")
      return
    }
    #expect(cases.map(\.key) == ["a", "f"])
    #expect(!callgrind)
  }

  @Test(
    "bad options are refused with a one-line error that says what to do",
    arguments: [
      (["--cases", "a,z"], "unknown case z; the cases are a, b, c, d, e1, e2, f"),
      (["--only", "b"], "--only needs --side floor|core and --count N"),
      (["--only", "b", "--side", "both", "--count", "1"], "--side both: expected floor or core"),
      (
        ["--only", "b", "--side", "core", "--count", "-1"],
        "--count -1: expected a whole number, 0 or more"
      ),
      (["--count"], "--count needs a value; see --help"),
      (["--fast"], "unknown argument --fast; see --help"),
    ])
  func badOptions(arguments: [String], message: String) {
    #expect {
      _ = try BenchmarkOptions(arguments)
    } throws: { error in
      "\(error)" == message && !"\(error)".contains("\n")
    }
  }

  @Test("callgrind's total is read from the summary line; a file without one gives nil")
  func callgrindTotal() {
    let output = """
      # callgrind format
      events: Ir
      summary: 19839463
      fn=main
      """
    #expect(Callgrind.total(in: output) == 19_839_463)
    #expect(Callgrind.total(in: "totals: 42\n") == 42)
    #expect(Callgrind.total(in: "events: Ir\nfn=main\n") == nil)
    #expect(Callgrind.total(in: "summary: many\n") == nil)
  }
}
