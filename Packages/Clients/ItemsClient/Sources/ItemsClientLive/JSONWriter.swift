import Foundation

/// Writes the item file's JSON: two-space indentation, one field a line, strings escaped as
/// JSON requires (quotes, backslashes, control characters) and everything else as UTF-8.
/// Fields kept as text from the file go in as they were.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.openObject()
/// writer.key("version", indent: 0)
/// writer.append("1")
/// writer.closeObject(indent: 0)  // {\n  "version": 1\n}
/// ```
struct JSONWriter {
  private(set) var bytes: [UInt8] = []
  /// For each open object or list, how many fields or elements it has so far.
  private var counts: [Int] = []

  /// A writer with room for about `capacity` bytes.
  init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// Starts an object whose closing brace goes at `indent`.
  mutating func openObject() {
    bytes.append(UInt8(ascii: "{"))
    counts.append(0)
  }

  /// Starts the next field of the open object, at `indent + 1`: `"key": `. Its value follows.
  mutating func key(_ key: String, indent: Int) {
    separate(indent: indent)
    string(key)
    append(": ")
  }

  /// Ends the open object.
  mutating func closeObject(indent: Int) {
    close(UInt8(ascii: "}"), indent: indent)
  }

  /// Starts a list whose closing bracket goes at `indent`.
  mutating func openArray() {
    bytes.append(UInt8(ascii: "["))
    counts.append(0)
  }

  /// Starts the next element of the open list, at `indent + 1`.
  mutating func element(indent: Int) {
    separate(indent: indent)
  }

  /// Ends the open list.
  mutating func closeArray(indent: Int) {
    close(UInt8(ascii: "]"), indent: indent)
  }

  /// Writes a string in quotes, escaped.
  mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): append("\\\"")
      case UInt8(ascii: "\\"): append("\\\\")
      case 0x0A: append("\\n")
      case 0x0D: append("\\r")
      case 0x09: append("\\t")
      case ..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        append("\\u00")
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0xF)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Writes a UUID in quotes: as the file spelled it, or uppercase with dashes.
  mutating func id(_ id: UUID, spelled spelling: String?) {
    if let spelling {
      string(spelling)
      return
    }
    bytes.append(UInt8(ascii: "\""))
    UUIDText.write(id, into: &bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  /// Writes text as it is: a number, or JSON text kept from a file.
  mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  private mutating func separate(indent: Int) {
    if counts[counts.count - 1] > 0 { bytes.append(UInt8(ascii: ",")) }
    counts[counts.count - 1] += 1
    newline(indent + 1)
  }

  private mutating func close(_ bracket: UInt8, indent: Int) {
    if counts.removeLast() > 0 { newline(indent) }
    bytes.append(bracket)
  }

  private mutating func newline(_ indent: Int) {
    bytes.append(0x0A)
    for _ in 0..<indent * 2 { bytes.append(UInt8(ascii: " ")) }
  }
}
