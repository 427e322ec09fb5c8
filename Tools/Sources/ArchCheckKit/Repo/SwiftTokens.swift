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
    var tokens: [Token] = []
    var line = 1
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "\n" {
        line += 1
        index += 1
      } else if character.isWhitespace {
        index += 1
      } else if character == "`" {
        var end = index + 1
        while end < characters.count, characters[end] != "`", characters[end] != "\n" {
          end += 1
        }
        let name = String(characters[(index + 1)..<end])
        tokens.append(
          Token(
            text: name, line: line, isBackticked: true, isIdentifier: !name.isEmpty,
            range: index..<min(end + 1, characters.count)))
        index = min(end + 1, characters.count)
      } else if character.isLetter || character == "_" {
        var end = index
        while end < characters.count,
          characters[end].isLetter || characters[end].isNumber || characters[end] == "_"
        {
          end += 1
        }
        let word = String(characters[index..<end])
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
}
