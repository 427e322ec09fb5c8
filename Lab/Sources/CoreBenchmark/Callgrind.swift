import Foundation

/// Instructions per action, counted by valgrind's callgrind, which does not depend on the
/// machine's load: this executable runs one side of one case under callgrind twice, with N
/// actions and with none, and the difference is divided by N.
struct Callgrind {
  /// Actions counted per side (after the same warm-up in both runs).
  static let actions = 2_000

  let valgrind: String
  let executable: String
  let scratch: URL

  /// Callgrind when valgrind is on the `PATH`, nil otherwise.
  static func find() -> Callgrind? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let valgrind = path.split(separator: ":").map { "\($0)/valgrind" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let valgrind else { return nil }
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("core-benchmark-\(ProcessInfo.processInfo.processIdentifier)")
    return Callgrind(
      valgrind: valgrind, executable: CommandLine.arguments[0], scratch: scratch)
  }

  /// (Ir(N) − Ir(0)) / N for one side of one case.
  func instructionsPerAction(_ benchmarkCase: BenchmarkCase, _ side: Side) throws -> Double {
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let counted = try instructions(benchmarkCase, side, actions: Self.actions)
    let baseline = try instructions(benchmarkCase, side, actions: 0)
    return Double(counted - baseline) / Double(Self.actions)
  }

  /// The instructions of one whole run of this executable in single-case mode.
  private func instructions(_ benchmarkCase: BenchmarkCase, _ side: Side, actions: Int) throws
    -> Int
  {
    let output = scratch.appendingPathComponent("\(benchmarkCase.key)-\(side)-\(actions).out")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: valgrind)
    let arguments = [
      "--tool=callgrind", "--callgrind-out-file=\(output.path)", "--quiet",
      executable, "--only", benchmarkCase.key, "--side", side.rawValue, "--count", "\(actions)",
    ]
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchmarkError(
        "callgrind run of (\(benchmarkCase.key)) \(side) exited with "
          + "\(process.terminationStatus); run it alone: valgrind \(arguments.joined(separator: " "))"
      )
    }
    let text = try String(contentsOf: output, encoding: .utf8)
    guard let total = Self.total(in: text) else {
      throw BenchmarkError("no instruction total in \(output.path); is this valgrind's callgrind?")
    }
    return total
  }

  /// The instruction total of a callgrind output file: its `summary:` line (or `totals:`).
  static func total(in text: String) -> Int? {
    for line in text.split(separator: "\n") {
      guard line.hasPrefix("summary:") || line.hasPrefix("totals:") else { continue }
      let fields = line.split(separator: " ")
      if fields.count == 2, let count = Int(fields[1]) {
        return count
      }
    }
    return nil
  }
}

/// A benchmark that cannot go on, with what to do about it.
struct BenchmarkError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
