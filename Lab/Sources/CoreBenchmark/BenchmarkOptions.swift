/// The command line of `core-benchmark`, checked.
struct BenchmarkOptions {
  /// What the run does.
  enum Mode {
    case help
    /// One side of one case, for callgrind to count.
    case single(BenchmarkCase, Side, count: Int)
    /// The table for these cases.
    case report([BenchmarkCase], callgrind: Bool)
    /// Core's instructions per action held against the budgets in this file.
    case check(budgets: String)
  }

  let mode: Mode

  init(_ arguments: some Collection<String>) throws {
    var cases = benchmarkCases
    var callgrind = true
    var only: BenchmarkCase?
    var side: Side?
    var count: Int?
    var budgets: String?
    var remaining = Array(arguments)[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help":
        mode = .help
        return
      case "--no-callgrind":
        callgrind = false
      case "--cases":
        let keys = try Self.value(of: argument, in: &remaining).split(separator: ",")
        cases = try keys.map { try Self.benchmarkCase(String($0)) }
      case "--check":
        budgets = try Self.value(of: argument, in: &remaining)
      case "--only":
        only = try Self.benchmarkCase(Self.value(of: argument, in: &remaining))
      case "--side":
        let name = try Self.value(of: argument, in: &remaining)
        guard let parsed = Side(rawValue: name) else {
          throw BenchmarkError("--side \(name): expected floor or core")
        }
        side = parsed
      case "--count":
        let text = try Self.value(of: argument, in: &remaining)
        guard let parsed = Int(text), parsed >= 0 else {
          throw BenchmarkError("--count \(text): expected a whole number, 0 or more")
        }
        count = parsed
      default:
        throw BenchmarkError("unknown argument \(argument); see --help")
      }
    }
    if let budgets {
      mode = .check(budgets: budgets)
    } else if let only {
      guard let side, let count else {
        throw BenchmarkError("--only needs --side floor|core and --count N")
      }
      mode = .single(only, side, count: count)
    } else {
      mode = .report(cases, callgrind: callgrind)
    }
  }

  private static func value(of option: String, in remaining: inout ArraySlice<String>) throws
    -> String
  {
    guard let value = remaining.popFirst() else {
      throw BenchmarkError("\(option) needs a value; see --help")
    }
    return value
  }

  private static func benchmarkCase(_ key: String) throws -> BenchmarkCase {
    guard let found = benchmarkCases.first(where: { $0.key == key }) else {
      let keys = benchmarkCases.map(\.key).joined(separator: ", ")
      throw BenchmarkError("unknown case \(key); the cases are \(keys)")
    }
    return found
  }
}
