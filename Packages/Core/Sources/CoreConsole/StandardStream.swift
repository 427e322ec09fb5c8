import CoreUI
import Foundation

/// Writes text to standard output or standard error with `write(2)`, reporting a failure
/// instead of trapping: `FileHandle.write` stops the program when the output is closed
/// (`demo >&-`) or full (`> /dev/full`), and `print` drops the error silently.
public enum StandardStream {
  /// Why text could not be written: the system's reason, and whether the reader went away.
  public struct WriteFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `errno` of the failed write.
    public let code: Int32

    /// A failure with the `errno` a write returned (tests use it to stand in for one).
    public init(code: Int32) {
      self.code = code
    }

    /// The reader of a pipe closed it (`demo | head -1`): a normal way for output to end,
    /// which a program answers by ending quietly.
    public var isClosedPipe: Bool { code == EPIPE }

    /// The system's words for the failure, like "No space left on device".
    public var description: String { String(cString: strerror(code)) }
  }

  /// Writes all of `text` to `descriptor`, retrying interrupted and partial writes. Returns
  /// the failure, or nil when every byte was written. Once ``stopWaitingForReaders()`` was
  /// called, it writes only what the output takes without waiting, and fails with `EAGAIN`
  /// for the rest.
  @discardableResult
  public static func write(_ text: String, to descriptor: Int32) -> WriteFailure? {
    var bytes = Array(text.utf8)
    return bytes.withUnsafeMutableBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let stopped = OutputWaits.enter()
        guard !stopped || OutputWaits.takesBytesNow(descriptor) else {
          OutputWaits.leave()
          return WriteFailure(code: EAGAIN)
        }
        // When no write may wait, at most what a pipe takes at once (PIPE_BUF) at a time.
        let count = stopped ? min(buffer.count - offset, 4096) : buffer.count - offset
        let written = Foundation.write(descriptor, buffer.baseAddress! + offset, count)
        let code = errno
        OutputWaits.leave()
        if written < 0 {
          if code == EINTR { continue }
          return WriteFailure(code: code)
        }
        offset += written
      }
      return nil
    }
  }

  /// Stops every write, now and later, from waiting for a reader that does not read (a pipe
  /// nobody drains, a terminal that stopped reading): a program that must end (a signal
  /// came) calls it before it saves and exits, so output it cannot deliver does not hold it
  /// up. A write blocked now returns at once; later ones write what the output takes.
  public static func stopWaitingForReaders() {
    OutputWaits.stop()
  }

  /// Whether writes still wait for their reader: true until ``stopWaitingForReaders()``.
  public static var waitsForReaders: Bool { !OutputWaits.isStopped }

  /// Writes `text` to standard output; while a console's line editor has the terminal,
  /// above its prompt (a log line never lands after what the person is typing).
  @discardableResult
  public static func output(_ text: String) -> WriteFailure? {
    if let terminal = TerminalConsole.active { return terminal.write(text) }
    return write(text, to: STDOUT_FILENO)
  }

  /// Writes `text` to standard error, above a line editor's prompt when that is the same
  /// terminal; a failure there has nowhere left to be told.
  public static func error(_ text: String) {
    if let terminal = TerminalConsole.active { return terminal.writeError(text) }
    write(text, to: STDERR_FILENO)
  }

  /// Makes a closed pipe a write error (`EPIPE`) instead of a signal that ends the program
  /// before it can save: call once at start.
  public static func reportClosedPipesAsErrors() {
    signal(SIGPIPE, SIG_IGN)
  }
}
