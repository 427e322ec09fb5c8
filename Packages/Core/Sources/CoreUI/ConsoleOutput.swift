import Foundation

/// Where the console writes: standard output, or a buffer a test reads back.
///
/// ```swift
/// let output = ConsoleOutput.buffer()
/// await console.run(input: input, output: output)
/// output.text  // the transcript
/// ```
@MainActor
public final class ConsoleOutput {
  private let sink: @MainActor (String) -> Void
  /// Everything written, when this is a buffer; empty otherwise.
  public private(set) var text = ""
  private let keepsText: Bool

  private init(keepsText: Bool, sink: @escaping @MainActor (String) -> Void) {
    self.keepsText = keepsText
    self.sink = sink
  }

  /// Writes to standard output and flushes, so a prompt appears before input is read.
  public static func standardOutput() -> ConsoleOutput {
    ConsoleOutput(keepsText: false) { text in
      FileHandle.standardOutput.write(Data(text.utf8))
    }
  }

  /// Keeps everything in ``text``.
  public static func buffer() -> ConsoleOutput {
    ConsoleOutput(keepsText: true) { _ in }
  }

  /// Writes text as it is.
  public func write(_ text: String) {
    if keepsText {
      self.text += text
    }
    sink(text)
  }

  /// Writes each line followed by a newline, with control characters escaped (`\u{1B}`):
  /// what a screen shows comes from the state, which may hold anything a file held.
  public func writeLines(_ lines: [String]) {
    write(lines.map { ControlCharacters.escaped($0) + "\n" }.joined())
  }
}
