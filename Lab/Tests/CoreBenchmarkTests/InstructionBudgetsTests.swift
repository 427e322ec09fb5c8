import Foundation
import Testing

@testable import CoreBenchmark

@Suite("Instruction budgets (make benchmark-check)")
struct InstructionBudgetsTests {
  /// The cases callgrind counts, each with a budget of 1,000: a file the parser accepts.
  static var everyCase: String {
    benchmarkCases.filter(\.countsInstructions).map { "\($0.key) 1000" }
      .joined(separator: "\n")
  }

  @Test("the committed budgets name every case callgrind counts, once")
  func committedFileParses() throws {
    let file = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("benchmark-budgets.txt")
    let budgets = try InstructionBudgets(
      parsing: String(contentsOf: file, encoding: .utf8), file: file.path, cases: benchmarkCases)
    #expect(
      budgets.budgets.map(\.key).sorted()
        == benchmarkCases.filter(\.countsInstructions).map(\.key).sorted())
  }

  @Test("comments and blank lines are skipped; a case keeps its budget")
  func parsesComments() throws {
    let budgets = try InstructionBudgets(
      parsing: "# header\n\n" + Self.everyCase.replacingOccurrences(of: "1000", with: "1000  # why")
        + "\n",
      file: "budgets.txt", cases: benchmarkCases)
    #expect(budgets.budgets.allSatisfy { $0.instructions == 1000 })
  }

  @Test("a step up of more than 10% fails; up to 10% passes; far under asks for a lower budget")
  func verdicts() throws {
    let budgets = try InstructionBudgets(
      parsing: Self.everyCase, file: "budgets.txt", cases: benchmarkCases)
    let key = budgets.budgets[0].key
    let cases: [(Double, over: Bool, wellUnder: Bool)] = [
      (1100, false, false), (1101, true, false), (1000, false, false), (900, false, false),
      (899, false, true),
    ]
    for (measured, over, wellUnder) in cases {
      let verdict = try #require(budgets.verdicts(measured: [key: measured]).first)
      #expect(verdict.isOver == over, "measured \(measured)")
      #expect(verdict.isWellUnder == wellUnder, "measured \(measured)")
      #expect(!verdict.line.contains("\n"))
    }
    let over = try #require(budgets.verdicts(measured: [key: 1200]).first)
    #expect(over.line.hasPrefix("(\(key)) budget 1000, measured 1200 (+20.0%): OVER"))
    let under = try #require(budgets.verdicts(measured: [key: 700.2]).first)
    #expect(under.line.hasSuffix("under: lower the budget to 701"))
  }

  @Test(
    "a bad budgets file is refused in one line that names the line and what to write",
    arguments: [
      ("a 10 20", "budgets.txt:1: expected `<case> <instructions>`"),
      ("a many", "budgets.txt:1: expected `<case> <instructions>`"),
      ("a 0", "budgets.txt:1: expected `<case> <instructions>`"),
      ("zz 10", "budgets.txt:1: zz is not a case callgrind counts"),
      ("e2 10", "budgets.txt:1: e2 is not a case callgrind counts"),
      ("a 10\na 11", "budgets.txt:2: a second budget for a"),
      ("a 10", "budgets.txt has no budget for b; add a line `b N`"),
    ])
  func refusals(text: String, message: String) {
    #expect {
      _ = try InstructionBudgets(parsing: text, file: "budgets.txt", cases: benchmarkCases)
    } throws: { error in
      "\(error)".hasPrefix(message) && !"\(error)".contains("\n")
    }
  }

  @Test("--check takes the budgets file")
  func option() throws {
    let options = try BenchmarkOptions(["--check", "Lab/benchmark-budgets.txt"])
    guard case .check(let file) = options.mode else {
      Issue.record("expected a check, got \(options.mode)")
      return
    }
    #expect(file == "Lab/benchmark-budgets.txt")
  }
}
