/// Splits Swift code (comments and strings already blanked) into identifiers and single
/// punctuation characters, with their lines: enough to read declarations that may span lines.
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
    /// Where it is in the code, as character offsets (backticks included).
    var range: Range<Int> = 0..<0
  }

  static func tokens(in code: String) -> [Token] {
    let characters = Array(code)
    // Where each character starts in `code` (and its end): a token's text is copied out of
    // `code` in one piece, not built up a character at a time.
    var starts = Array(code.indices)
    starts.append(code.endIndex)
    func text(_ range: Range<Int>) -> String {
      String(code[starts[range.lowerBound]..<starts[range.upperBound]])
    }
    var tokens: [Token] = []
    var line = 1
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "\n" {
        line += 1
        index += 1
      } else if isWhitespace(character) {
        index += 1
      } else if character == "`" {
        var end = index + 1
        while end < characters.count, characters[end] != "`", characters[end] != "\n" {
          end += 1
        }
        let name = text((index + 1)..<end)
        tokens.append(
          Token(
            text: name, line: line, isBackticked: true, isIdentifier: !name.isEmpty,
            range: index..<min(end + 1, characters.count)))
        index = min(end + 1, characters.count)
      } else if isIdentifierHead(character) {
        var end = index
        while end < characters.count, isIdentifierBody(characters[end]) {
          end += 1
        }
        let word = text(index..<end)
        tokens.append(
          Token(
            text: word, line: line, isBackticked: false, isIdentifier: true, range: index..<end))
        index = end
      } else {
        tokens.append(
          Token(
            text: String(character), line: line, isBackticked: false, isIdentifier: false,
            range: index..<(index + 1)))
        index += 1
      }
    }
    return tokens
  }

  // Character's own properties look the character up in Unicode's tables; most of a Swift
  // file is ASCII, answered here without them.

  private static func isWhitespace(_ character: Character) -> Bool {
    guard let ascii = character.asciiValue else { return character.isWhitespace }
    return ascii == 0x20 || (0x09...0x0D).contains(ascii)
  }

  private static func isIdentifierHead(_ character: Character) -> Bool {
    guard let ascii = character.asciiValue else { return character.isLetter }
    return ascii == UInt8(ascii: "_") || isASCIILetter(ascii)
  }

  private static func isIdentifierBody(_ character: Character) -> Bool {
    guard let ascii = character.asciiValue else {
      return character.isLetter || character.isNumber
    }
    return ascii == UInt8(ascii: "_") || isASCIILetter(ascii)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(ascii)
  }

  private static func isASCIILetter(_ ascii: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(ascii)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(ascii)
  }
}
