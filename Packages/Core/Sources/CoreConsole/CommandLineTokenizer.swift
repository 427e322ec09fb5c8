/// Splits a typed line into words: spaces separate words, and single or double quotes keep
/// spaces inside one word (`add "milk and eggs"`). A backslash escapes the next character.
///
/// ```swift
/// try CommandLineTokenizer.words(in: #"add "oat milk" 2"#)  // ["add", "oat milk", "2"]
/// ```
public enum CommandLineTokenizer {
  /// Why a line could not be split.
  public enum Failure: Error, Equatable, CustomStringConvertible {
    /// A quote was opened at this character offset and never closed.
    case unterminatedQuote(Character, offset: Int)
    /// The line ends with a backslash that escapes nothing.
    case danglingEscape

    /// One line that says what to fix.
    public var description: String {
      switch self {
      case .unterminatedQuote(let quote, let offset):
        "the \(quote) opened at column \(offset + 1) is never closed; close it or escape it with \\"
      case .danglingEscape:
        "the line ends with a \\ that escapes nothing; remove it or write \\\\"
      }
    }
  }

  /// The words of `line`; empty for a blank line.
  public static func words(in line: String) throws(Failure) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: (character: Character, offset: Int)?
    var escaping = false
    for (offset, character) in line.enumerated() {
      if escaping {
        current.append(character)
        escaping = false
        continue
      }
      if character == "\\" {
        escaping = true
        inWord = true
        continue
      }
      if let open = quote {
        if character == open.character {
          quote = nil
        } else {
          current.append(character)
        }
        continue
      }
      if character == "\"" || character == "'" {
        quote = (character, offset)
        inWord = true
      } else if character.isWhitespace {
        if inWord {
          words.append(current)
          current = ""
          inWord = false
        }
      } else {
        current.append(character)
        inWord = true
      }
    }
    if let open = quote {
      throw .unterminatedQuote(open.character, offset: open.offset)
    }
    if escaping {
      throw .danglingEscape
    }
    if inWord {
      words.append(current)
    }
    return words
  }
}
