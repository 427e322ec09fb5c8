import Foundation

/// A UUID's text both ways without Foundation's formatted I/O (`UUID(uuidString:)` scans with
/// `sscanf` and `uuidString` prints with `sprintf`, which took a fifth of a million-item load).
/// The same format: 8-4-4-4-12 hexadecimal digits, either case in, uppercase out.
enum UUIDText {
  /// The UUID `text` spells, or nil when it is not one.
  static func parse(_ text: String) -> UUID? {
    var text = text
    text.makeContiguousUTF8()
    return text.utf8.withContiguousStorageIfAvailable(parse) ?? nil
  }

  private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
    guard bytes.count == 36 else { return nil }
    var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var index = 0
    let parsed = withUnsafeMutableBytes(of: &value) { out -> Bool in
      for position in 0..<16 {
        if index == 8 || index == 13 || index == 18 || index == 23 {
          guard bytes[index] == UInt8(ascii: "-") else { return false }
          index += 1
        }
        guard let high = digit(bytes[index]), let low = digit(bytes[index + 1]) else {
          return false
        }
        out[position] = high << 4 | low
        index += 2
      }
      return true
    }
    return parsed ? UUID(uuid: value) : nil
  }

  private static func digit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// Whether `text` is spelled as ``format(_:)`` would spell its UUID (no lowercase digits).
  static func isCanonical(_ text: String) -> Bool {
    !text.utf8.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f") }
  }

  /// Writes `id` as `uuidString` does: uppercase, with dashes.
  static func write(_ id: UUID, into bytes: inout [UInt8]) {
    let hex = Array("0123456789ABCDEF".utf8)
    withUnsafeBytes(of: id.uuid) { raw in
      for (position, byte) in raw.enumerated() {
        if position == 4 || position == 6 || position == 8 || position == 10 {
          bytes.append(UInt8(ascii: "-"))
        }
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0xF)])
      }
    }
  }
}
