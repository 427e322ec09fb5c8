/// One line read by the console: text, or the reason it could not be read as text.
public enum InputLine: Equatable, Sendable {
  /// A line of UTF-8 text, without its line ending.
  case text(String)
  /// A line whose bytes are not valid UTF-8.
  case invalidUTF8
  /// A line longer than the limit; its bytes were dropped, not kept in memory.
  case tooLong(byteCount: Int)
}

/// Cuts a stream of bytes into ``InputLine``s at `\n` (a trailing `\r` is dropped), keeping
/// at most `maximumLength` bytes of any one line in memory.
///
/// ```swift
/// var splitter = LineSplitter()
/// splitter.feed(Array("help\nquit".utf8))  // [.text("help")]
/// splitter.finish()                         // [.text("quit")]
/// ```
public struct LineSplitter: Sendable {
  /// The default limit: 4 KiB, far more than any command needs.
  public static let defaultMaximumLength = 4096

  /// Lines longer than this many bytes come out as ``InputLine/tooLong(byteCount:)``.
  public let maximumLength: Int
  private var pending: [UInt8] = []
  private var pendingCount = 0

  /// A splitter with a line-length limit.
  public init(maximumLength: Int = LineSplitter.defaultMaximumLength) {
    self.maximumLength = maximumLength
  }

  /// Takes more bytes; returns the lines they completed.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputLine] {
    var lines: [InputLine] = []
    for byte in bytes {
      if byte == UInt8(ascii: "\n") {
        lines.append(takeLine())
      } else {
        pendingCount += 1
        if pendingCount <= maximumLength {
          pending.append(byte)
        }
      }
    }
    return lines
  }

  /// Ends the input; returns the last line if it had no line ending.
  public mutating func finish() -> [InputLine] {
    pendingCount == 0 ? [] : [takeLine()]
  }

  private mutating func takeLine() -> InputLine {
    defer {
      pending.removeAll(keepingCapacity: true)
      pendingCount = 0
    }
    var count = pendingCount
    if pending.last == UInt8(ascii: "\r"), count <= maximumLength {
      pending.removeLast()
      count -= 1
    }
    if count > maximumLength {
      return .tooLong(byteCount: count)
    }
    guard let text = String(validating: pending, as: UTF8.self) else {
      return .invalidUTF8
    }
    return .text(text)
  }
}
