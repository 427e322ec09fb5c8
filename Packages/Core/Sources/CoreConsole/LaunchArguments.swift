import CoreUI

/// The command-line options every console program understands, plus any it adds.
///
/// Standard: `--script FILE`, `--trace`, `--keep-going`, `--help`, `--version`. A program adds
/// its own value options (`--data-dir PATH`) and flags (`--in-memory`).
///
/// ```swift
/// let launch = try LaunchArguments.parse(
///   Array(CommandLine.arguments.dropFirst()), valueOptions: ["--data-dir"], flags: ["--in-memory"])
/// ```
public struct LaunchArguments: Equatable, Sendable {
  /// A script file to read commands from (else standard input).
  public var scriptPath: String?
  /// Start with tracing on.
  public var trace = false
  /// In script mode, go on after a failing line.
  public var keepGoing = false
  /// `--help` was given.
  public var wantsHelp = false
  /// `--version` was given.
  public var wantsVersion = false
  /// The program's own value options, by name (`--data-dir` → path).
  public var values: [String: String] = [:]
  /// The program's own flags that were given.
  public var flags: Set<String> = []

  /// No options.
  public init() {}

  /// Parses `arguments` (without the program name). Throws a one-line reason for an unknown
  /// option, a missing value, an option given twice (which of the two was meant cannot be
  /// known), or a stray argument.
  public static func parse(
    _ arguments: [String], valueOptions: [String] = [], flags knownFlags: [String] = []
  ) throws(CommandError) -> LaunchArguments {
    var launch = LaunchArguments()
    var index = 0
    func value(for option: String) throws(CommandError) -> String {
      index += 1
      guard index < arguments.count, !arguments[index].hasPrefix("--") else {
        throw CommandError("\(option) needs a value")
      }
      return arguments[index]
    }
    var seen: Set<String> = []
    while index < arguments.count {
      let argument = arguments[index]
      let isRepeatable = ["--help", "-h", "--version"].contains(argument)
      guard isRepeatable || seen.insert(argument).inserted else {
        throw CommandError("\(argument) is given twice; give it once")
      }
      switch argument {
      case "--script": launch.scriptPath = try value(for: argument)
      case "--trace": launch.trace = true
      case "--keep-going": launch.keepGoing = true
      case "--help", "-h": launch.wantsHelp = true
      case "--version": launch.wantsVersion = true
      default:
        if valueOptions.contains(argument) {
          launch.values[argument] = try value(for: argument)
        } else if knownFlags.contains(argument) {
          launch.flags.insert(argument)
        } else if argument.hasPrefix("-") {
          throw CommandError("unknown option '\(argument)'")
        } else {
          throw CommandError("unexpected argument '\(argument)'; give a script with --script FILE")
        }
      }
      index += 1
    }
    return launch
  }

  /// The standard options, one per line, for a program's `--help`.
  public static let standardHelp = [
    "  --script FILE   read commands from FILE (default: standard input)",
    "  --trace         print each action and how it changed the state",
    "  --keep-going    in a script, go on after a failing line (exit status still 1)",
    "  --help          show this help",
    "  --version       print the version",
  ]
}
