import Foundation

/// The committed instruction budgets `make benchmark-check` holds Core to: for each case that
/// callgrind counts, the most instructions per action Core's side may take. A measurement more
/// than ``tolerance`` over its budget fails the check; a budget is raised (or lowered) on
/// purpose, in the change that moves the figure, as SQLite tracks its speed by cachegrind
/// counts.
///
/// The file has one case per line, `<case> <instructions>`; `#` starts a comment:
///
/// ```text
/// # case  instructions per action (Core side)
/// a 1488
/// f 9558
/// ```
struct InstructionBudgets {
  /// How far over its budget a case may measure before the check fails: callgrind's counts
  /// repeat run to run, but (d) hashes with a per-process seed and moves by a few percent.
  static let tolerance = 0.10

  /// The budgets, in the file's order.
  let budgets: [(key: String, instructions: Int)]

  /// Reads `text` (from `file`, for messages), checking every line names one of `cases` once
  /// and that every case callgrind counts has a budget.
  init(parsing text: String, file: String, cases: [BenchmarkCase]) throws {
    var budgets: [(key: String, instructions: Int)] = []
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      if fields.isEmpty { continue }
      let place = "\(file):\(index + 1)"
      guard fields.count == 2, let instructions = Int(fields[1]), instructions > 0 else {
        throw BenchmarkError(
          "\(place): expected `<case> <instructions>` (a whole number above 0), found "
            + "`\(line.trimmingCharacters(in: .whitespaces))`")
      }
      let key = String(fields[0])
      guard let known = cases.first(where: { $0.key == key }), known.countsInstructions else {
        let keys = cases.filter(\.countsInstructions).map(\.key).joined(separator: ", ")
        throw BenchmarkError(
          "\(place): \(key) is not a case callgrind counts; the cases are \(keys)")
      }
      guard !budgets.contains(where: { $0.key == key }) else {
        throw BenchmarkError("\(place): a second budget for \(key); keep one line per case")
      }
      budgets.append((key, instructions))
    }
    for benchmarkCase in cases where benchmarkCase.countsInstructions {
      guard budgets.contains(where: { $0.key == benchmarkCase.key }) else {
        throw BenchmarkError(
          "\(file) has no budget for \(benchmarkCase.key); add a line `\(benchmarkCase.key) N` "
            + "with the Core figure make benchmark prints")
      }
    }
    self.budgets = budgets
  }

  /// Each case's measurement held against its budget, in the file's order; `measured` holds
  /// instructions per action by case key.
  func verdicts(measured: [String: Double]) -> [BudgetVerdict] {
    budgets.compactMap { budget in
      measured[budget.key].map {
        BudgetVerdict(key: budget.key, budget: budget.instructions, measured: $0)
      }
    }
  }
}

/// One case's instructions per action against its budget.
struct BudgetVerdict: Equatable {
  let key: String
  let budget: Int
  let measured: Double

  /// The measurement's change from the budget, as a fraction (0.12 is 12% over).
  var change: Double { measured / Double(budget) - 1 }

  /// Whether the case costs more than the tolerance allows.
  var isOver: Bool { measured > Double(budget) * (1 + InstructionBudgets.tolerance) }

  /// Whether the case now costs well under its budget (more than the tolerance): the budget
  /// should come down, or a later step up would pass unseen.
  var isWellUnder: Bool { measured < Double(budget) * (1 - InstructionBudgets.tolerance) }

  /// The line the check prints for this case.
  var line: String {
    let percent = (change * 100).formatted(.number.precision(.fractionLength(1)))
    let sign = change >= 0 ? "+" : ""
    let verdict =
      isOver
      ? "OVER: more than \(Int(InstructionBudgets.tolerance * 100))% up; find the cause, or "
        + "raise the budget in this change if the cost is meant"
      : isWellUnder ? "under: lower the budget to \(Int(measured.rounded(.up)))" : "ok"
    return "(\(key)) budget \(budget), measured \(Int(measured.rounded())) (\(sign)\(percent)%): "
      + verdict
  }
}
