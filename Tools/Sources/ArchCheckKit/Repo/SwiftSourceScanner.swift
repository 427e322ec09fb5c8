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
    case string(multiline: Bool, hashes: Int)
    case blockComment(depth: Int)
  }

  /// The source with comments and string contents blanked out; line breaks are kept so line
  /// numbers stay right.
  static func codeOnly(_ source: String) -> String {
    let characters = Array(source)
    var output = [Character]()
    output.reserveCapacity(characters.count)
    var stack: [Mode] = [.code(interpolationDepth: 0)]
    var index = 0

    func starts(with text: String, at position: Int) -> Bool {
      let pattern = Array(text)
      guard position + pattern.count <= characters.count else { return false }
      return Array(characters[position..<position + pattern.count]) == pattern
    }
    func blank(_ character: Character) {
      output.append(character == "\n" ? "\n" : " ")
    }

    while index < characters.count {
      let character = characters[index]
      switch stack[stack.count - 1] {
      case .blockComment(let depth):
        if starts(with: "*/", at: index) {
          stack[stack.count - 1] = .blockComment(depth: depth - 1)
          if depth == 1 { stack.removeLast() }
          blank(" ")
          blank(" ")
          index += 2
        } else if starts(with: "/*", at: index) {
          stack[stack.count - 1] = .blockComment(depth: depth + 1)
          blank(" ")
          blank(" ")
          index += 2
        } else {
          blank(character)
          index += 1
        }
      case .string(let multiline, let hashes):
        let closing = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
        let interpolation = "\\" + String(repeating: "#", count: hashes) + "("
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
        if starts(with: "//", at: index) {
          while index < characters.count && characters[index] != "\n" {
            blank(characters[index])
            index += 1
          }
        } else if starts(with: "/*", at: index) {
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
            let multiline = starts(with: "\"\"\"", at: quoteAt)
            let length = hashes + (multiline ? 3 : 1)
            for _ in 0..<length { blank(" ") }
            index += length
            stack.append(.string(multiline: multiline, hashes: hashes))
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
    return String(output)
  }
}
