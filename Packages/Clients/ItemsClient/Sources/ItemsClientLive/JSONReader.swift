import Foundation

/// Reads JSON text in one pass, without building a tree: the item file's reader asks for the
/// fields it knows and keeps the others as the exact text they had in the file (a number like
/// `123456789012345678901234567890`, `-0.0` or `1.10` comes back byte for byte, which a trip
/// through `Double` would change). Every value is checked against the JSON grammar (RFC 8259),
/// strings must be UTF-8, and nesting is limited so a hostile file cannot exhaust the stack.
struct JSONReader {
  /// What a value was, for messages: the number's text, the string, or the kind of the rest.
  enum Value: Equatable {
    case null
    case bool(Bool)
    /// A number, as written in the file.
    case number(String)
    case string(String)
    case array
    case object

    /// What a person would call this kind of value.
    var kind: String {
      switch self {
      case .null: "null"
      case .bool: "true or false"
      case .number: "a number"
      case .string: "text"
      case .array: "a list"
      case .object: "an object"
      }
    }
  }

  /// Deeper nesting than this is refused: no item file needs it.
  static let maximumDepth = 512

  private let bytes: UnsafeBufferPointer<UInt8>
  private(set) var offset = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Reads a whole document: `body` reads the top-level value, then only whitespace may follow.
  mutating func document<Result>(
    _ body: (inout JSONReader) throws(JSONSyntaxError) -> Result
  ) throws(JSONSyntaxError) -> Result {
    skipWhitespace()
    let result = try body(&self)
    skipWhitespace()
    guard offset == bytes.count else { throw error("unexpected text after the end of the JSON") }
    return result
  }

  /// The next value's first byte, after whitespace: `{`, `[`, `"`, a digit, `-`, `t`, `f`, `n`.
  mutating func peek() -> UInt8? {
    skipWhitespace()
    return offset < bytes.count ? bytes[offset] : nil
  }

  /// Reads an object, calling `member` with each key and the reader placed on its value,
  /// which `member` must read (or skip).
  mutating func object(
    _ member: (String, inout JSONReader) throws(JSONSyntaxError) -> Void
  ) throws(JSONSyntaxError) {
    try expect(UInt8(ascii: "{"))
    if peek() == UInt8(ascii: "}") {
      offset += 1
      return
    }
    while true {
      guard peek() == UInt8(ascii: "\"") else { throw error("expected a field name in quotes") }
      let key = try string()
      try expect(UInt8(ascii: ":"))
      skipWhitespace()
      try member(key, &self)
      switch peek() {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "}"):
        offset += 1
        return
      default: throw error("expected , or } after a field")
      }
    }
  }

  /// Reads an array, calling `element` with the reader placed on each element, which
  /// `element` must read (or skip).
  mutating func array(
    _ element: (inout JSONReader) throws(JSONSyntaxError) -> Void
  ) throws(JSONSyntaxError) {
    try expect(UInt8(ascii: "["))
    if peek() == UInt8(ascii: "]") {
      offset += 1
      return
    }
    while true {
      skipWhitespace()
      try element(&self)
      switch peek() {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "]"):
        offset += 1
        return
      default: throw error("expected , or ] after a list element")
      }
    }
  }

  /// Reads any value: scalars as they are, a list or an object checked and skipped.
  mutating func value() throws(JSONSyntaxError) -> Value {
    switch peek() {
    case UInt8(ascii: "\"")?: return .string(try string())
    case UInt8(ascii: "{")?:
      try skip(depth: 0)
      return .object
    case UInt8(ascii: "[")?:
      try skip(depth: 0)
      return .array
    case UInt8(ascii: "t")?:
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f")?:
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n")?:
      try literal("null")
      return .null
    case let byte? where byte == UInt8(ascii: "-") || isDigit(byte):
      return .number(try number())
    case nil: throw error("the text ends where a value should be")
    default: throw error("expected a value")
    }
  }

  /// Checks and skips one value, returning its exact text.
  mutating func rawValue() throws(JSONSyntaxError) -> String {
    skipWhitespace()
    let start = offset
    try skip(depth: 0)
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
  }

  private mutating func skip(depth: Int) throws(JSONSyntaxError) {
    guard depth < Self.maximumDepth else {
      throw error("lists and objects nest deeper than \(Self.maximumDepth) levels")
    }
    switch peek() {
    case UInt8(ascii: "{")?:
      try object { _, reader throws(JSONSyntaxError) in try reader.skip(depth: depth + 1) }
    case UInt8(ascii: "[")?:
      try array { reader throws(JSONSyntaxError) in try reader.skip(depth: depth + 1) }
    default:
      _ = try value()
    }
  }

  /// Reads a string, decoding its escapes; refuses bytes that are not UTF-8 and unescaped
  /// control characters, as JSON does.
  mutating func string() throws(JSONSyntaxError) -> String {
    try expect(UInt8(ascii: "\""))
    let start = offset
    // The common case: no escapes, so the bytes are the string.
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<offset])
        offset += 1
        guard let text = String(validating: slice, as: UTF8.self) else {
          throw error("a string holds bytes that are not UTF-8 text", at: start)
        }
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw error("a string holds a control character; write it as \\u00XX") }
      offset += 1
    }
    var decoded = Array(bytes[start..<offset])
    while offset < bytes.count {
      let byte = bytes[offset]
      offset += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard let text = String(validating: decoded, as: UTF8.self) else {
          throw error("a string holds bytes that are not UTF-8 text", at: start)
        }
        return text
      case UInt8(ascii: "\\"):
        try escape(into: &decoded)
      case ..<0x20:
        offset -= 1
        throw error("a string holds a control character; write it as \\u00XX")
      default:
        decoded.append(byte)
      }
    }
    throw error("a string has no closing quote", at: start - 1)
  }

  private mutating func escape(into decoded: inout [UInt8]) throws(JSONSyntaxError) {
    guard offset < bytes.count else { throw error("the text ends inside an escape") }
    let byte = bytes[offset]
    offset += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
    case UInt8(ascii: "b"): decoded.append(0x08)
    case UInt8(ascii: "f"): decoded.append(0x0C)
    case UInt8(ascii: "n"): decoded.append(0x0A)
    case UInt8(ascii: "r"): decoded.append(0x0D)
    case UInt8(ascii: "t"): decoded.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = UInt32(try hexQuad())
      if (0xD800...0xDBFF).contains(scalar) {
        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
          bytes[offset + 1] == UInt8(ascii: "u")
        else { throw error("a \\u escape holds half of a surrogate pair") }
        offset += 2
        let low = UInt32(try hexQuad())
        guard (0xDC00...0xDFFF).contains(low) else {
          throw error("a \\u escape holds half of a surrogate pair")
        }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(scalar) {
        throw error("a \\u escape holds half of a surrogate pair")
      }
      decoded.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
    default:
      offset -= 1
      throw error("unknown escape \\\(Character(Unicode.Scalar(byte)))")
    }
  }

  private mutating func hexQuad() throws(JSONSyntaxError) -> UInt16 {
    guard offset + 4 <= bytes.count else { throw error("the text ends inside a \\u escape") }
    var value: UInt16 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("a \\u escape needs four hexadecimal digits")
      }
      value = value << 4 | UInt16(digit)
      offset += 1
    }
    return value
  }

  /// Reads a number and returns its text: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  private mutating func number() throws(JSONSyntaxError) -> String {
    let start = offset
    if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    guard offset < bytes.count, isDigit(bytes[offset]) else {
      throw error("a number needs a digit after its sign")
    }
    if bytes[offset] == UInt8(ascii: "0") {
      offset += 1
      if offset < bytes.count, isDigit(bytes[offset]) {
        throw error("a number cannot start with 0 followed by more digits")
      }
    } else {
      skipDigits()
    }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
      offset += 1
      guard offset < bytes.count, isDigit(bytes[offset]) else {
        throw error("a number needs digits after its decimal point")
      }
      skipDigits()
    }
    if offset < bytes.count,
      bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E")
    {
      offset += 1
      if offset < bytes.count,
        bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-")
      {
        offset += 1
      }
      guard offset < bytes.count, isDigit(bytes[offset]) else {
        throw error("a number needs digits in its exponent")
      }
      skipDigits()
    }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
  }

  private mutating func skipDigits() {
    while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
    let count = word.utf8CodeUnitCount
    guard offset + count <= bytes.count,
      memcmp(bytes.baseAddress! + offset, word.utf8Start, count) == 0
    else { throw error("expected a value") }
    offset += count
  }

  private mutating func expect(_ byte: UInt8) throws(JSONSyntaxError) {
    guard peek() == byte else {
      throw error("expected \(Character(Unicode.Scalar(byte)))")
    }
    offset += 1
  }

  private mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x09, 0x0A, 0x0D: offset += 1
      default: return
      }
    }
  }

  /// An error at `position` (default: the reader's), with its line and column.
  func error(_ reason: String, at position: Int? = nil) -> JSONSyntaxError {
    let position = min(position ?? offset, bytes.count)
    var line = 1
    var lineStart = 0
    for index in 0..<position where bytes[index] == 0x0A {
      line += 1
      lineStart = index + 1
    }
    return JSONSyntaxError(reason: reason, line: line, column: position - lineStart + 1)
  }
}

/// Why text is not JSON, and where: "expected , or } after a field at line 3, column 7".
struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
  let reason: String
  let line: Int
  let column: Int

  var description: String { "\(reason) at line \(line), column \(column)" }
}
