import CoreUI
import Foundation

/// Starts a console from a program's `main`: parses the options, picks the input (a script
/// file, piped standard input, or a person at a terminal), runs, and returns the exit status.
///
/// ```swift
/// // main.swift of a preview executable:
/// exit(
///   await ConsoleLauncher.main(name: "CounterPreview") { _ in
///     Console(initialState: CounterFeature.State()) { CounterFeature() } view: {
///       CounterView(store: $0)
///     }
///   })
/// ```
@MainActor
public enum ConsoleLauncher {
  /// One option a program adds to the standard ones.
  public struct Option: Sendable {
    /// The option as typed, like `--data-dir`.
    public let name: String
    /// What to type after it, like `PATH`; nil for a flag.
    public let valueName: String?
    /// One line of help.
    public let help: String

    /// An option that takes a value.
    public static func value(_ name: String, _ valueName: String, help: String) -> Option {
      Option(name: name, valueName: valueName, help: help)
    }

    /// An option that takes no value.
    public static func flag(_ name: String, help: String) -> Option {
      Option(name: name, valueName: nil, help: help)
    }
  }

  /// Parses `arguments`, answers `--help` and `--version`, builds the console with
  /// `makeConsole` and runs it. Returns the exit status: 0; 1 after a failed script line or
  /// when standard output cannot be written; 2 for a bad option or a console that cannot be
  /// built (with one line on standard error).
  ///
  /// A closed pipe on standard output becomes a failed write the run answers (quietly, 141),
  /// not a signal that ends the program before it can save.
  public static func main<State, Action>(
    name: String,
    version: String = "0.1.0",
    options extraOptions: [Option] = [],
    arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    makeConsole: (LaunchArguments) async throws -> Console<State, Action>
  ) async -> Int32 {
    StandardStream.reportClosedPipesAsErrors()
    let usage =
      "usage: \(name) [options]"
      + extraOptions.map { " [\($0.name)\($0.valueName.map { " " + $0 } ?? "")]" }.joined()
    let launch: LaunchArguments
    do {
      launch = try LaunchArguments.parse(
        arguments,
        valueOptions: extraOptions.filter { $0.valueName != nil }.map(\.name),
        flags: extraOptions.filter { $0.valueName == nil }.map(\.name))
    } catch {
      printError("\(error.message); run \(name) --help for the options")
      StandardStream.error(usage + "\n")
      return 2
    }
    if launch.wantsHelp {
      let extra = extraOptions.map { option in
        let left = "  " + option.name + (option.valueName.map { " " + $0 } ?? "")
        return left.padding(toLength: 18, withPad: " ", startingAt: 0) + option.help
      }
      let lines =
        [usage, "", "Options:"] + extra + LaunchArguments.standardHelp + [
          "",
          "Reads commands from a terminal (with a prompt) or from a script (piped or --script).",
          "Type help on any screen for its commands; help, show, state, trace on|off and quit",
          "work everywhere. Exit status: 0 ok, 1 a script line failed or output could not be",
          "written, 2 bad options, 141 the reader of the output went away.",
        ]
      return printOutput(lines.joined(separator: "\n") + "\n")
    }
    if launch.wantsVersion {
      return printOutput("\(name) \(version)\n")
    }
    let console: Console<State, Action>
    do {
      console = try await makeConsole(launch)
    } catch let error as CommandError {
      printError(error.message)
      return 2
    } catch {
      printError((error as? LocalizedError)?.errorDescription ?? "\(error)")
      return 2
    }
    return await run(console, launch: launch)
  }

  /// Runs `console` as `launch` says. Script mode when a script file is given or standard
  /// input is not a terminal; interactive otherwise. Returns 0, 1 (a failed script line),
  /// or 2 (the script file cannot be read).
  public static func run<State, Action>(
    _ console: Console<State, Action>, launch: LaunchArguments
  ) async -> Int32 {
    let input: ConsoleInput
    var output = ConsoleOutput.standardOutput()
    var terminal: TerminalConsole?
    let isTerminal = isatty(STDIN_FILENO) == 1
    var options = ConsoleOptions(mode: .script)
    if let path = launch.scriptPath {
      do {
        input = try ConsoleInput.file(atPath: path)
      } catch {
        printError(error.message)
        return 2
      }
    } else {
      options.mode = isTerminal ? .interactive : .script
      // A person at a terminal gets the line editor, unless the terminal says it cannot
      // move the cursor (TERM=dumb). Only one reader ever reads standard input.
      if isTerminal, ProcessInfo.processInfo.environment["TERM"] != "dumb",
        let opened = TerminalConsole.open(maximumLineLength: options.maximumLineLength)
      {
        terminal = opened
        input = .terminal(opened)
        output = .terminal(opened)
      } else {
        input = .fileDescriptor(STDIN_FILENO)
      }
    }
    options.trace = launch.trace
    options.keepGoing = launch.keepGoing
    let exit = await console.run(input: input, output: output, options: options)
    terminal?.close()
    // Writes that stopped waiting on purpose (a signal is ending the program) are not news.
    if case .outputFailed(let failure) = exit, !failure.isClosedPipe,
      StandardStream.waitsForReaders
    {
      printError("cannot write to standard output (\(failure)); the run stopped")
    }
    // Let work still running (a save) finish before the process ends.
    _ = await console.store.waitForEffects(timeout: .seconds(5))
    return exit.status
  }

  /// Writes `warning: <message>` as one line on standard error.
  public static func printWarning(_ message: String) {
    StandardStream.error("warning: \(message)\n")
  }

  /// Writes `error: <message>` as one line on standard error.
  public static func printError(_ message: String) {
    StandardStream.error("error: \(message)\n")
  }

  /// Writes `text` on standard output: 0 when it was written, 141 for a closed pipe, 1 (with
  /// a line on standard error) for any other failure.
  private static func printOutput(_ text: String) -> Int32 {
    guard let failure = StandardStream.output(text) else { return 0 }
    if failure.isClosedPipe { return 128 + SIGPIPE }
    printError("cannot write to standard output (\(failure))")
    return 1
  }
}
