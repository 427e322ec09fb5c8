import CoreUI
import Foundation

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
  /// How long a script waits for the work under way (a load, a save) before its next line;
  /// nil (the default) waits as long as it takes. When the time passes, the run fails at
  /// that line: a script never goes on without the results of the lines before.
  public var effectTimeout: Duration?
  /// How long a script waits for work before it says so on standard error.
  public var effectNoticeDelay: Duration = .seconds(1)
  /// How long, for a person, the work a command starts (a load, a count) gets to finish
  /// before the screen is drawn: drawn once, as it ends up. Longer work redraws the screen
  /// when it changes it.
  public var settleTime: Duration = .milliseconds(250)
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
  /// A script line failed; the first such line's number (0: the work before the first
  /// line did not finish in time).
  case failed(line: Int)
  /// Standard output could not be written (closed, a full disk, the reader of a pipe gone):
  /// the run stopped at the next line.
  case outputFailed(StandardStream.WriteFailure)

  /// The process exit status: 0; 1 after a failed script line or a failed write; 141
  /// (128 + SIGPIPE, as the shell reports a program a closed pipe ended) when the reader of
  /// standard output went away.
  public var status: Int32 {
    switch self {
    case .quit, .endOfInput: 0
    case .failed: 1
    case .outputFailed(let failure): failure.isClosedPipe ? 128 + SIGPIPE : 1
    }
  }
}
