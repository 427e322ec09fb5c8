import Foundation

// The store benchmark: each case's job done by plain Swift (the floor) and through Core, as
// wall nanoseconds per action (median of 5 runs) and, when valgrind is installed, as
// instructions per action counted by callgrind. Run with `make benchmark` (a release build).

let usage = """
  usage: core-benchmark [--cases a,b,…] [--no-callgrind]
         core-benchmark --check BUDGETS   (Core's instructions against committed budgets)
         core-benchmark --only CASE --side floor|core --count N   (one run, for callgrind)
  cases: \(benchmarkCases.map(\.key).joined(separator: ", "))
  """

do {
  let options = try BenchmarkOptions(CommandLine.arguments.dropFirst())
  switch options.mode {
  case .help:
    print(usage)
  case .single(let benchmarkCase, let side, let count):
    try await runOnce(benchmarkCase, side, count: count)
    // Ends the process from here: returning lets the main thread park in libdispatch, which
    // valgrind does not survive at exit once tasks have hopped threads.
    exit(0)
  case .report(let cases, let useCallgrind):
    try await report(cases, callgrind: useCallgrind ? Callgrind.find() : nil)
  case .check(let file):
    let verdicts = try checkBudgets(in: file)
    if verdicts.contains(where: \.isOver) { exit(1) }
  }
} catch {
  FileHandle.standardError.write(Data("core-benchmark: \(error)\n".utf8))
  exit(2)
}

/// One side of one case, warmed up and then run `count` times: what callgrind counts.
@MainActor
func runOnce(_ benchmarkCase: BenchmarkCase, _ side: Side, count: Int) async throws {
  let workload = benchmarkCase.make(side)
  let warmUp = 10
  await workload.run(warmUp)
  await workload.run(count)
  guard workload.checksum == warmUp + count else {
    throw BenchmarkError(
      "(\(benchmarkCase.key)) \(side) did \(workload.checksum) actions instead of \(warmUp + count)"
    )
  }
}

/// Times every case on both sides and prints the table.
@MainActor
func report(_ cases: [BenchmarkCase], callgrind: Callgrind?) async throws {
  let loadBefore = LoadAverage.read()
  var rows: [BenchmarkRow] = []
  for benchmarkCase in cases {
    var row = BenchmarkRow(title: benchmarkCase.title)
    for side in Side.allCases {
      let workload = benchmarkCase.make(side)
      let nanoseconds = await WallClock.nanosecondsPerAction(
        of: workload, actions: benchmarkCase.actionsPerRun)
      let expected = WallClock.totalActions(for: benchmarkCase.actionsPerRun)
      guard workload.checksum == expected else {
        throw BenchmarkError(
          "(\(benchmarkCase.key)) \(side) did \(workload.checksum) actions, not \(expected)")
      }
      row.nanoseconds[side] = nanoseconds
      if benchmarkCase.countsInstructions {
        row.instructions[side] = try callgrind?.instructionsPerAction(benchmarkCase, side)
      }
    }
    rows.append(row)
  }
  print(
    """
    Core benchmark, release build: wall ns/action (median of \(WallClock.runs) runs) and \
    instructions/action (callgrind, (Ir(N) − Ir(0)) / N, N = \(Callgrind.actions))
    \(ProcessInfo.processInfo.processorCount) cores; load average \(loadBefore) before, \
    \(LoadAverage.read()) after
    """)
  print(BenchmarkRow.header)
  for row in rows {
    print(row.markdown)
  }
  if callgrind == nil {
    print("(instructions not counted: valgrind is not on the PATH, or --no-callgrind)")
  } else if cases.contains(where: { !$0.countsInstructions }) {
    print("(e2) is timed only: valgrind dies when an effect hops to the thread pool and back.")
  }
}

/// Measures Core's side of every budgeted case under callgrind and prints each against its
/// budget; the verdicts, for the exit status.
func checkBudgets(in file: String) throws -> [BudgetVerdict] {
  let text: String
  do {
    text = try String(contentsOfFile: file, encoding: .utf8)
  } catch {
    throw BenchmarkError("cannot read the budgets \(file): \(error.localizedDescription)")
  }
  let budgets = try InstructionBudgets(parsing: text, file: file, cases: benchmarkCases)
  guard let callgrind = Callgrind.find() else {
    throw BenchmarkError(
      "valgrind is not on the PATH; install it (apt-get install valgrind) to check the budgets")
  }
  var measured: [String: Double] = [:]
  for budget in budgets.budgets {
    guard let benchmarkCase = benchmarkCases.first(where: { $0.key == budget.key }) else {
      continue
    }
    measured[budget.key] = try callgrind.instructionsPerAction(benchmarkCase, .core)
  }
  let verdicts = budgets.verdicts(measured: measured)
  print("Core's instructions per action (callgrind) against \(file):")
  for verdict in verdicts {
    print("  " + verdict.line)
  }
  return verdicts
}
