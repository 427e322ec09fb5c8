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

  private init(
    keepsText: Bool,
    sink: @escaping @MainActor (String) -> StandardStream.WriteFailure?,
    noteSink: @escaping @MainActor (String) -> Void
  ) {
    self.keepsText = keepsText
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
    }
  }

  /// Writes each line followed by a newline, with control characters escaped (`\u{1B}`):
  /// what a screen shows comes from the state, which may hold anything a file held.
  public func writeLines(_ lines: [String]) {
    write(lines.map { ControlCharacters.escaped($0) + "\n" }.joined())
  }

  /// Writes a note about the run itself, not the screen ("waiting for …"): standard error,
  /// so a transcript on standard output stays the same however long the wait.
  public func writeNote(_ note: String) {
    if keepsText { notes += note + "\n" }
    noteSink(note + "\n")
  }
}
