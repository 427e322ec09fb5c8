/// Splits Swift code (comments and strings already blanked) into identifiers and single
/// punctuation characters, with their lines: enough to read declarations that may span lines.
///
/// It reads the code's UTF-8 bytes, not its `Character`s: the checker tokenizes every file of
/// the repo, and a debug build of the tools walks an array of bytes many times faster than one
/// of grapheme clusters. Anything beyond ASCII is read a Unicode scalar at a time.
enum SwiftTokens {
  struct Token: Equatable {
    /// The identifier without backticks, or the punctuation character.
    let text: String
    /// The 1-based line it starts on.
    let line: Int
    /// Written in backticks (so never a keyword).
    let isBackticked: Bool
    /// An identifier (possibly backticked), not punctuation.
    let isIdentifier: Bool
    /// Where it is in the code, as offsets into its UTF-8 bytes (backticks included); read
    /// the text back with ``text(of:in:)``.
    var range: Range<Int> = 0..<0
  }

  static func tokens(in code: String) -> [Token] {
    let bytes = Array(code.utf8)
    func text(_ range: Range<Int>) -> String { Self.text(of: range, in: bytes) }
    var tokens: [Token] = []
    var line = 1
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let kind = Kind(at: index, in: bytes)
      if byte == UInt8(ascii: "\n") {
        line += 1
        index += 1
      } else if kind.isWhitespace {
        index += kind.length
      } else if byte == UInt8(ascii: "`") {
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "`"), bytes[end] != UInt8(ascii: "\n") {
          end += 1
        }
        let name = text((index + 1)..<end)
        tokens.append(
          Token(
            text: name, line: line, isBackticked: true, isIdentifier: !name.isEmpty,
            range: index..<min(end + 1, bytes.count)))
        index = min(end + 1, bytes.count)
      } else if kind.isIdentifierHead {
        var end = index + kind.length
        while end < bytes.count {
          let next = Kind(at: end, in: bytes)
          guard next.isIdentifierBody else { break }
          end += next.length
        }
        tokens.append(
          Token(
            text: text(index..<end), line: line, isBackticked: false, isIdentifier: true,
            range: index..<end))
        index = end
      } else {
        let end = index + kind.length
        tokens.append(
          Token(
            text: text(index..<end), line: line, isBackticked: false, isIdentifier: false,
            range: index..<end))
        index = end
      }
    }
    return tokens
  }

  /// The text of `range`, byte offsets into `bytes` (a token's ``Token/range``).
  static func text(of range: Range<Int>, in bytes: [UInt8]) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  /// What the Unicode scalar starting at a byte offset is to the tokenizer, and how many bytes
  /// it takes. ASCII is answered from the byte, with plain comparisons (a debug build calls
  /// this for every byte); beyond it, from the scalar's properties.
  private struct Kind {
    var length = 1
    var isWhitespace = false
    var isIdentifierHead = false
    var isIdentifierBody = false

    init(at index: Int, in bytes: [UInt8]) {
      let byte = bytes[index]
      if byte < 0x80 {
        let isLetter =
          (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F
        isWhitespace = byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
        isIdentifierHead = isLetter
        isIdentifierBody = isLetter || (byte >= 0x30 && byte <= 0x39)
        return
      }
      length = Self.scalarLength(at: index, in: bytes)
      var decoder = UTF8()
      var iterator = bytes[index..<(index + length)].makeIterator()
      guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return }
      let properties = scalar.properties
      isWhitespace = properties.isWhitespace
      isIdentifierHead = properties.isAlphabetic
      isIdentifierBody =
        properties.isAlphabetic || properties.numericType != nil
        || properties.generalCategory == .nonspacingMark
        || properties.generalCategory == .spacingMark
    }

    /// The bytes of the scalar whose first byte is at `index` (1 for a stray byte).
    private static func scalarLength(at index: Int, in bytes: [UInt8]) -> Int {
      let byte = bytes[index]
      let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
      var end = index + 1
      while end < index + length, end < bytes.count, bytes[end] & 0xC0 == 0x80 {
        end += 1
      }
      return end - index
    }
  }
}
