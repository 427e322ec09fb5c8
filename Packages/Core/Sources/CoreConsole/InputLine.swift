/// One line read by the console: text, or the reason it could not be read as text.
public enum InputLine: Equatable, Sendable {
  /// A line of UTF-8 text, without its line ending.
  case text(String)
  /// A line whose bytes are not valid UTF-8.
  case invalidUTF8
  /// A line longer than the limit, reported as soon as it passes the limit (an input that
  /// never sends a line ending cannot keep the console reading): `byteCount` is how many of
  /// its bytes had arrived then. The rest of the line, up to its line ending, is dropped
  /// unread.
  case tooLong(byteCount: Int)
}

/// Cuts a stream of bytes into ``InputLine``s at `\n` (a trailing `\r` is dropped), keeping
/// at most `maximumLength` bytes of any one line in memory. A line that passes the limit
/// comes out as ``InputLine/tooLong(byteCount:)`` at once, before its end arrives.
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
  /// The line in progress passed the limit and was reported; its bytes are dropped until
  /// its line ending.
  private var isSkipping = false

  /// A splitter with a line-length limit.
  public init(maximumLength: Int = LineSplitter.defaultMaximumLength) {
    self.maximumLength = maximumLength
  }

  /// Takes more bytes; returns the lines they completed, and a line in progress that has just
  /// passed the limit.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputLine] {
    var lines: [InputLine] = []
    for byte in bytes {
      if byte == UInt8(ascii: "\n") {
        if let line = takeLine() { lines.append(line) }
      } else if !isSkipping {
        pending.append(byte)
        // One byte over is allowed for a `\r` before the line ending (subtracted, not added:
        // the limit may be Int.max).
        if pending.count > maximumLength,
          pending.count - maximumLength > 1 || byte != UInt8(ascii: "\r")
        {
          lines.append(.tooLong(byteCount: pending.count))
          pending.removeAll()
          isSkipping = true
        }
      }
    }
    return lines
  }

  /// Ends the input; returns the last line if it had no line ending.
  public mutating func finish() -> [InputLine] {
    guard isSkipping || !pending.isEmpty else { return [] }
    return takeLine().map { [$0] } ?? []
  }

  /// The line just ended; nil for the end of a line already reported as too long.
  private mutating func takeLine() -> InputLine? {
    defer { pending.removeAll(keepingCapacity: true) }
    if isSkipping {
      isSkipping = false
      return nil
    }
    if pending.last == UInt8(ascii: "\r") {
      pending.removeLast()
    }
    if pending.count > maximumLength {
      return .tooLong(byteCount: pending.count)
    }
    guard let text = String(validating: pending, as: UTF8.self) else {
      return .invalidUTF8
    }
    return .text(text)
  }
}
