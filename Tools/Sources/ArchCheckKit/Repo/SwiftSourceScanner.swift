/// Finds the `import` declarations of a Swift file, ignoring comments and string literals.
///
/// Imports inside `#if` blocks are found (every branch may be compiled somewhere);
/// `@testable`, `@_exported`, `@preconcurrency`, access modifiers and kinds
/// (`import struct M.T`) are understood, and so is every way to write one the compiler
/// accepts: a backticked module (`` import `M` ``), a semicolon after it, several imports on
/// one line, and an import split across lines.
public enum SwiftSourceScanner {
  /// One import: the module and the line it is on.
  public struct Import: Sendable, Equatable {
    /// The imported module (the first component of `M.T`).
    public let module: String
    /// The line of the `import` keyword, 1-based.
    public let line: Int
  }

  /// The imports of `source`.
  public static func imports(in source: String) -> [Import] {
    let tokens = SwiftTokens.tokens(in: codeOnly(source))
    var found: [Import] = []
    var index = 0
    while index < tokens.count {
      defer { index += 1 }
      let token = tokens[index]
      // `import` is a keyword: unquoted, and not a member name after a dot.
      guard token.text == "import", !token.isBackticked,
        index == 0 || tokens[index - 1].text != "."
      else { continue }
      var next = index + 1
      if next < tokens.count, !tokens[next].isBackticked, kinds.contains(tokens[next].text),
        next + 1 < tokens.count, tokens[next + 1].isIdentifier
      {
        next += 1
      }
      guard next < tokens.count, tokens[next].isIdentifier else { continue }
      found.append(Import(module: tokens[next].text, line: token.line))
    }
    return found
  }

  private static let kinds: Set<String> = [
    "typealias", "struct", "class", "enum", "protocol", "let", "var", "func",
  ]

  private enum Mode {
    case code(interpolationDepth: Int)
    /// Inside a string literal: what closes it, and what starts an interpolation in it.
    case string(multiline: Bool, hashes: Int, closing: [Character], interpolation: [Character])
    case blockComment(depth: Int)
  }

  private static let lineCommentStart: [Character] = ["/", "/"]
  private static let blockCommentStart: [Character] = ["/", "*"]
  private static let blockCommentEnd: [Character] = ["*", "/"]
  private static let multilineQuote: [Character] = ["\"", "\"", "\""]

  /// The source with comments and string contents blanked out; line breaks are kept so line
  /// numbers stay right.
  static func codeOnly(_ source: String) -> String {
    let characters = Array(source)
    var output = ""
    output.reserveCapacity(source.utf8.count)
    var stack: [Mode] = [.code(interpolationDepth: 0)]
    var index = 0

    // Compared in place, one character at a time: this runs for every character of every
    // file a check reads, so it must not build arrays.
    func starts(with pattern: [Character], at position: Int) -> Bool {
      guard position + pattern.count <= characters.count else { return false }
      for offset in pattern.indices where characters[position + offset] != pattern[offset] {
        return false
      }
      return true
    }
    func blank(_ character: Character) {
      output.append(character == "\n" ? "\n" : " ")
    }

    while index < characters.count {
      let character = characters[index]
      switch stack[stack.count - 1] {
      case .blockComment(let depth):
        if starts(with: Self.blockCommentEnd, at: index) {
          stack[stack.count - 1] = .blockComment(depth: depth - 1)
          if depth == 1 { stack.removeLast() }
          blank(" ")
          blank(" ")
          index += 2
        } else if starts(with: Self.blockCommentStart, at: index) {
          stack[stack.count - 1] = .blockComment(depth: depth + 1)
          blank(" ")
          blank(" ")
          index += 2
        } else {
          blank(character)
          index += 1
        }
      case .string(let multiline, let hashes, let closing, let interpolation):
        if starts(with: interpolation, at: index) {
          for _ in 0..<interpolation.count { blank(" ") }
          index += interpolation.count
          stack.append(.code(interpolationDepth: 1))
        } else if character == "\\" && hashes == 0 {
          blank(character)
          if index + 1 < characters.count { blank(characters[index + 1]) }
          index += 2
        } else if starts(with: closing, at: index) {
          for _ in 0..<closing.count { blank(" ") }
          index += closing.count
          stack.removeLast()
        } else if character == "\n" && !multiline {
          // An unterminated single-line string ends at the line break.
          output.append("\n")
          index += 1
          stack.removeLast()
        } else {
          blank(character)
          index += 1
        }
      case .code(let depth):
        if starts(with: Self.lineCommentStart, at: index) {
          while index < characters.count && characters[index] != "\n" {
            blank(characters[index])
            index += 1
          }
        } else if starts(with: Self.blockCommentStart, at: index) {
          stack.append(.blockComment(depth: 1))
          blank(" ")
          blank(" ")
          index += 2
        } else if character == "#" || character == "\"" {
          var hashes = 0
          while index + hashes < characters.count && characters[index + hashes] == "#" {
            hashes += 1
          }
          let quoteAt = index + hashes
          if quoteAt < characters.count && characters[quoteAt] == "\"" {
            let multiline = starts(with: Self.multilineQuote, at: quoteAt)
            let length = hashes + (multiline ? 3 : 1)
            for _ in 0..<length { blank(" ") }
            index += length
            let pounds = [Character](repeating: "#", count: hashes)
            stack.append(
              .string(
                multiline: multiline, hashes: hashes,
                closing: (multiline ? Self.multilineQuote : ["\""]) + pounds,
                interpolation: ["\\"] + pounds + ["("]))
          } else {
            output.append(character)
            index += 1
          }
        } else if depth > 0 && character == "(" {
          stack[stack.count - 1] = .code(interpolationDepth: depth + 1)
          output.append(character)
          index += 1
        } else if depth > 0 && character == ")" {
          if depth == 1 {
            stack.removeLast()
            blank(" ")
          } else {
            stack[stack.count - 1] = .code(interpolationDepth: depth - 1)
            output.append(character)
          }
          index += 1
        } else {
          output.append(character)
          index += 1
        }
      }
    }
    return output
  }
}
