/// How a ``Console`` runs: for a person at a prompt, or through a script.
///
/// ```swift
/// var options = ConsoleOptions(mode: .script)
/// options.keepGoing = true
/// ```
public struct ConsoleOptions: Sendable {
  /// Who is typing.
  public enum Mode: Sendable, Equatable {
    /// A person: a prompt, errors that do not end the session, screens redrawn when effects
    /// change them.
    case interactive
    /// A script: each command echoed, the console waits for effects before the next line,
    /// and the first failing line ends the run (unless ``ConsoleOptions/keepGoing``).
    case script
  }

  /// Interactive or script.
  public var mode: Mode
  /// In script mode, go on after a failing line (the exit status still reports it).
  public var keepGoing = false
  /// Print each action and state change from the start (`trace on`).
  public var trace = false
  /// How long a script waits for effects before the next line.
  public var effectTimeout: Duration = .seconds(5)
  /// Longest line accepted, in bytes.
  public var maximumLineLength = LineSplitter.defaultMaximumLength
  /// The prompt shown in interactive mode.
  public var prompt = "> "

  /// Options for a mode, with defaults for the rest.
  public init(mode: Mode) {
    self.mode = mode
  }
}

/// How a console run ended.
public enum ConsoleExit: Equatable, Sendable {
  /// The person typed `quit`.
  case quit
  /// The input ended.
  case endOfInput
  /// A script line failed; the first such line's number.
  case failed(line: Int)

  /// The process exit status: 0, or 1 after a failed script line.
  public var status: Int32 {
    if case .failed = self { 1 } else { 0 }
  }
}
