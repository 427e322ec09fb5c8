import CoreUI
import Foundation

/// Where the console reads lines from: a file descriptor (standard input, a script file) or
/// bytes given by a test.
///
/// ```swift
/// let input = ConsoleInput.bytes(Array("+\n+\nquit\n".utf8))
/// let input = ConsoleInput.fileDescriptor(STDIN_FILENO)
/// ```
public struct ConsoleInput: Sendable {
  private let stream: AsyncStream<InputLine>

  private init(stream: AsyncStream<InputLine>) {
    self.stream = stream
  }

  /// The lines an async sequence of lines yields; the console reads them one by one.
  var lines: AsyncStream<InputLine> { stream }

  /// Lines cut from bytes held in memory.
  public static func bytes(
    _ bytes: [UInt8], maximumLineLength: Int = LineSplitter.defaultMaximumLength
  ) -> ConsoleInput {
    var splitter = LineSplitter(maximumLength: maximumLineLength)
    let lines = splitter.feed(bytes) + splitter.finish()
    return ConsoleInput(
      stream: AsyncStream { continuation in
        for line in lines {
          continuation.yield(line)
        }
        continuation.finish()
      })
  }

  /// Lines of text held in memory.
  public static func lines(_ lines: [String]) -> ConsoleInput {
    bytes(Array(lines.map { $0 + "\n" }.joined().utf8), maximumLineLength: .max)
  }

  /// Lines read from a file descriptor on a thread of their own, so effects keep running on
  /// the main actor while the console waits for a person to type. The thread stops reading
  /// once the console no longer listens (an input that never ends, like `/dev/zero`, is not
  /// read on after the run).
  public static func fileDescriptor(
    _ descriptor: Int32, maximumLineLength: Int = LineSplitter.defaultMaximumLength
  ) -> ConsoleInput {
    fileDescriptor(descriptor, maximumLineLength: maximumLineLength, closesWhenDone: false)
  }

  /// The same; with `closesWhenDone`, the descriptor is closed once its thread stops reading
  /// (a script file opened for the console, not standard input).
  static func fileDescriptor(
    _ descriptor: Int32, maximumLineLength: Int, closesWhenDone: Bool
  ) -> ConsoleInput {
    let (stream, continuation) = AsyncStream.makeStream(
      of: InputLine.self, bufferingPolicy: .unbounded)
    let listening = ListeningFlag()
    continuation.onTermination = { _ in listening.stop() }
    let thread = Thread {
      var splitter = LineSplitter(maximumLength: maximumLineLength)
      var buffer = [UInt8](repeating: 0, count: 4096)
      while listening.isListening {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        for line in splitter.feed(buffer[..<count]) {
          continuation.yield(line)
        }
      }
      if closesWhenDone { close(descriptor) }
      for line in splitter.finish() {
        continuation.yield(line)
      }
      continuation.finish()
    }
    thread.start()
    return ConsoleInput(stream: stream)
  }

  /// Lines a person enters in the terminal's line editor.
  static func terminal(_ terminal: TerminalConsole) -> ConsoleInput {
    ConsoleInput(stream: terminal.lines)
  }

  /// Lines of a script file; throws a one-line reason when it cannot be read.
  public static func file(
    atPath path: String, maximumLineLength: Int = LineSplitter.defaultMaximumLength
  ) throws(CommandError) -> ConsoleInput {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      let reason = String(cString: strerror(errno))
      throw CommandError("cannot read script '\(path)': \(reason)")
    }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      close(descriptor)
      throw CommandError("cannot read script '\(path)': it is a directory; give a file")
    }
    return fileDescriptor(descriptor, maximumLineLength: maximumLineLength, closesWhenDone: true)
  }
}

/// Whether anyone still reads the lines a reading thread yields.
final class ListeningFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var listening = true

  var isListening: Bool { lock.withLock { listening } }

  func stop() {
    lock.withLock { listening = false }
  }
}
