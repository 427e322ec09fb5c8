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
    let tokens = ScannedSource.of(source).tokens
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
    case string(multiline: Bool, hashes: Int, closing: [UInt8], interpolation: [UInt8])
    case blockComment(depth: Int)
  }

  private static let lineCommentStart = Array("//".utf8)
  private static let blockCommentStart = Array("/*".utf8)
  private static let blockCommentEnd = Array("*/".utf8)
  private static let quote = Array("\"".utf8)
  private static let multilineQuote = Array("\"\"\"".utf8)
  private static let newline = UInt8(ascii: "\n")
  private static let space = UInt8(ascii: " ")

  /// The source with comments and string contents blanked out; line breaks are kept so line
  /// numbers stay right. Read and written as UTF-8 bytes (see ``SwiftTokens``): each Unicode
  /// scalar blanked becomes one space.
  static func codeOnly(_ source: String) -> String {
    let input = Array(source.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(input.count)
    var stack: [Mode] = [.code(interpolationDepth: 0)]
    var index = 0

    // Compared in place, one byte at a time: this runs for every byte of every file a check
    // reads, so it must not build arrays.
    func starts(with pattern: [UInt8], at position: Int) -> Bool {
      guard input[position] == pattern[0], position + pattern.count <= input.count else {
        return false
      }
      for offset in pattern.indices where input[position + offset] != pattern[offset] {
        return false
      }
      return true
    }
    // A line break stays; any other scalar becomes one space (its continuation bytes none).
    func blank(_ byte: UInt8) {
      if byte == Self.newline {
        output.append(Self.newline)
      } else if byte & 0xC0 != 0x80 {
        output.append(Self.space)
      }
    }
    func blankSpaces(_ count: Int) {
      for _ in 0..<count { output.append(Self.space) }
    }

    while index < input.count {
      let byte = input[index]
      switch stack[stack.count - 1] {
      case .blockComment(let depth):
        if starts(with: Self.blockCommentEnd, at: index) {
          stack[stack.count - 1] = .blockComment(depth: depth - 1)
          if depth == 1 { stack.removeLast() }
          blankSpaces(2)
          index += 2
        } else if starts(with: Self.blockCommentStart, at: index) {
          stack[stack.count - 1] = .blockComment(depth: depth + 1)
          blankSpaces(2)
          index += 2
        } else {
          blank(byte)
          index += 1
        }
      case .string(let multiline, let hashes, let closing, let interpolation):
        if starts(with: interpolation, at: index) {
          blankSpaces(interpolation.count)
          index += interpolation.count
          stack.append(.code(interpolationDepth: 1))
        } else if byte == UInt8(ascii: "\\") && hashes == 0 {
          blank(byte)
          if index + 1 < input.count { blank(input[index + 1]) }
          index += 2
        } else if starts(with: closing, at: index) {
          blankSpaces(closing.count)
          index += closing.count
          stack.removeLast()
        } else if byte == Self.newline && !multiline {
          // An unterminated single-line string ends at the line break.
          output.append(Self.newline)
          index += 1
          stack.removeLast()
        } else {
          blank(byte)
          index += 1
        }
      case .code(let depth):
        if starts(with: Self.lineCommentStart, at: index) {
          while index < input.count && input[index] != Self.newline {
            blank(input[index])
            index += 1
          }
        } else if starts(with: Self.blockCommentStart, at: index) {
          stack.append(.blockComment(depth: 1))
          blankSpaces(2)
          index += 2
        } else if byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\"") {
          var hashes = 0
          while index + hashes < input.count && input[index + hashes] == UInt8(ascii: "#") {
            hashes += 1
          }
          let quoteAt = index + hashes
          if quoteAt < input.count && input[quoteAt] == UInt8(ascii: "\"") {
            let multiline = starts(with: Self.multilineQuote, at: quoteAt)
            let length = hashes + (multiline ? 3 : 1)
            blankSpaces(length)
            index += length
            let pounds = [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
            stack.append(
              .string(
                multiline: multiline, hashes: hashes,
                closing: (multiline ? Self.multilineQuote : Self.quote) + pounds,
                interpolation: [UInt8(ascii: "\\")] + pounds + [UInt8(ascii: "(")]))
          } else {
            output.append(byte)
            index += 1
          }
        } else if depth > 0 && byte == UInt8(ascii: "(") {
          stack[stack.count - 1] = .code(interpolationDepth: depth + 1)
          output.append(byte)
          index += 1
        } else if depth > 0 && byte == UInt8(ascii: ")") {
          if depth == 1 {
            stack.removeLast()
            blank(Self.space)
          } else {
            stack[stack.count - 1] = .code(interpolationDepth: depth - 1)
            output.append(byte)
          }
          index += 1
        } else {
          output.append(byte)
          index += 1
        }
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}
