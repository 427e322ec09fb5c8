import CoreUI
import Foundation

/// Where the console writes: standard output (notes to standard error), or a buffer a test
/// reads back.
///
/// A write that fails (standard output closed, a full disk, the reader of a pipe gone) is
/// remembered in ``failure`` and every later write is dropped; the console ends its run at
/// the next line instead of trapping.
///
/// ```swift
/// let output = ConsoleOutput.buffer()
/// await console.run(input: input, output: output)
/// output.text  // the transcript
/// ```
@MainActor
public final class ConsoleOutput {
  private let sink: @MainActor (String) -> StandardStream.WriteFailure?
  private let noteSink: @MainActor (String) -> Void
  /// Everything written, when this is a buffer; empty otherwise.
  public private(set) var text = ""
  /// The notes written (what goes to standard error), when this is a buffer.
  public private(set) var notes = ""
  /// The first write that failed; nothing is written after it.
  public private(set) var failure: StandardStream.WriteFailure?
  private let keepsText: Bool
  /// Waits of ``waitUntilText(contains:)``, resumed by the write that brings their text.
  private var textWaiters: [(text: String, continuation: CheckedContinuation<Void, Never>)] = []
  /// The terminal the line editor runs, when this writes to one.
  private let terminal: TerminalConsole?

  private init(
    keepsText: Bool,
    terminal: TerminalConsole? = nil,
    sink: @escaping @MainActor (String) -> StandardStream.WriteFailure?,
    noteSink: @escaping @MainActor (String) -> Void
  ) {
    self.keepsText = keepsText
    self.terminal = terminal
    self.sink = sink
    self.noteSink = noteSink
  }

  /// Writes to standard output as it goes (unbuffered, so a prompt appears before input is
  /// read); notes go to standard error.
  public static func standardOutput() -> ConsoleOutput {
    ConsoleOutput(keepsText: false) {
      StandardStream.output($0)
    } noteSink: {
      StandardStream.error($0)
    }
  }

  /// Writes to a terminal the line editor runs: above the prompt while one is shown.
  static func terminal(_ terminal: TerminalConsole) -> ConsoleOutput {
    ConsoleOutput(keepsText: false, terminal: terminal) {
      terminal.write($0)
    } noteSink: {
      terminal.writeError($0)
    }
  }

  /// Keeps everything in ``text`` and ``notes``.
  public static func buffer() -> ConsoleOutput {
    ConsoleOutput(keepsText: true) { _ in
      nil
    } noteSink: { _ in
    }
  }

  /// A buffer whose writes fail from the `count`-th on (0: every write) with `failure`: how
  /// tests stand in for a closed or full standard output.
  public static func failing(
    after count: Int, with failure: StandardStream.WriteFailure
  ) -> ConsoleOutput {
    var remaining = count
    return ConsoleOutput(keepsText: true) { _ in
      guard remaining > 0 else { return failure }
      remaining -= 1
      return nil
    } noteSink: { _ in
    }
  }

  /// Writes text as it is; after a failed write, nothing.
  public func write(_ text: String) {
    guard failure == nil else { return }
    if let failed = sink(text) {
      failure = failed
      return
    }
    if keepsText {
      self.text += text
      resumeTextWaiters()
    }
  }

  /// Suspends until ``text`` holds `expected` (at once if it does): how a test waits for a
  /// console that runs in another task to get somewhere, without sleeping. A buffer only.
  public func waitUntilText(contains expected: String) async {
    guard keepsText, !text.contains(expected) else { return }
    await withCheckedContinuation { textWaiters.append((expected, $0)) }
  }

  private func resumeTextWaiters() {
    guard !textWaiters.isEmpty else { return }
    let waiting = textWaiters
    textWaiters = []
    for waiter in waiting {
      if text.contains(waiter.text) {
        waiter.continuation.resume()
      } else {
        textWaiters.append(waiter)
      }
    }
  }

  /// Writes each line followed by a newline, with control characters escaped (`\u{1B}`):
  /// what a screen shows comes from the state, which may hold anything a file held.
  public func writeLines(_ lines: [String]) {
    write(lines.map { ControlCharacters.escaped($0) + "\n" }.joined())
  }

  /// Writes a screen after the command that changed it.
  func writeScreen(_ lines: [String]) {
    guard let terminal else { return writeLines(lines) }
    write(lines: lines, to: terminal, replacingLast: false)
  }

  /// Draws a screen an effect changed while the person is at the prompt: in place of the last
  /// one on a terminal; on other outputs, on a new line under the prompt, which follows it.
  func redrawScreen(_ lines: [String], prompt: String) {
    guard let terminal else {
      write("\n")
      writeLines(lines)
      write(prompt)
      return
    }
    write(lines: lines, to: terminal, replacingLast: true)
  }

  private func write(lines: [String], to terminal: TerminalConsole, replacingLast: Bool) {
    guard failure == nil else { return }
    failure = terminal.writeScreen(
      lines.map { ControlCharacters.escaped($0) }, replacingLast: replacingLast)
  }

  /// Shows the prompt: on a terminal, with the line editor and what Tab offers; elsewhere,
  /// as text.
  func showPrompt(_ prompt: String, completions: @autoclosure () -> Completions) {
    guard let terminal else { return write(prompt) }
    guard failure == nil else { return }
    terminal.showPrompt(prompt, completions: completions())
  }

  /// Whether this writes to a terminal the line editor runs.
  var isTerminal: Bool { terminal != nil }

  /// Writes a note about the run itself, not the screen ("waiting for …"): standard error,
  /// so a transcript on standard output stays the same however long the wait.
  public func writeNote(_ note: String) {
    if keepsText { notes += note + "\n" }
    noteSink(note + "\n")
  }
}
