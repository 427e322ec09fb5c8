import Foundation

/// The controlled edits: each run makes a different edit, so consecutive runs each see a
/// change; every file is protected by ``FileGuard`` before it is touched.
public enum SourceEdit {
  /// The marker on the line an interface edit adds.
  static let probeMarker = "// buildtime-probe"

  /// Whether `file` has a string literal inside a function body to edit.
  public static func hasBodyLiteral(_ text: String) -> Bool {
    bodyLiteralLine(in: text.components(separatedBy: "\n")) != nil
  }

  /// A body-only edit: a token inserted at the start of the first string literal inside a
  /// function body. Nothing outside the function changes.
  public static func body(run: Int, original: String) throws(BuildTimeError) -> String {
    var lines = original.components(separatedBy: "\n")
    guard let index = bodyLiteralLine(in: lines), let quote = lines[index].firstIndex(of: "\"")
    else {
      throw .edit("no string literal inside a function body to edit")
    }
    lines[index].insert(contentsOf: "bt\(run) ", at: lines[index].index(after: quote))
    return lines.joined(separator: "\n")
  }

  /// An interface edit: a new public function at the end of the file (a different one each
  /// run), which changes the module's interface.
  public static func interface(run: Int, original: String) -> String {
    let base = original.hasSuffix("\n") ? original : original + "\n"
    return base + "\npublic func buildtimeProbe\(run)() {}  \(probeMarker)\n"
  }

  /// A new file's contents.
  public static func newFile(run: Int) -> String {
    "func buildtimeProbe\(run)() {}\n"
  }

  /// The first line with a string literal that lies inside a function's braces, counted
  /// line by line: a literal in a stored property's initializer (a closure in a
  /// `static let`) is not a body edit, since the compiler treats it as part of the interface.
  private static func bodyLiteralLine(in lines: [String]) -> Int? {
    var depth = 0
    // The depth of the body of the function being read, once its `{` is seen.
    var functionDepth: Int?
    var awaitingBrace = false
    for (index, line) in lines.enumerated() {
      let code = codeOnly(line)
      let trimmed = code.trimmingCharacters(in: .whitespaces)
      if functionDepth == nil {
        if trimmed.contains("func ") || trimmed.hasPrefix("init(") || trimmed.contains(" init(") {
          awaitingBrace = true
        } else if awaitingBrace
          && ["var ", "let ", "case ", "}"].contains(where: { trimmed.hasPrefix($0) })
        {
          // A requirement without a body (a protocol's): no brace is coming.
          awaitingBrace = false
        }
      }
      let startsInsideBody = functionDepth.map { depth >= $0 } ?? false
      if startsInsideBody, !trimmed.hasPrefix("@"), !line.contains("\"\"\""),
        !line.contains("#\""), line.hasPrefix("    "), line.contains("\"")
      {
        return index
      }
      for character in code {
        if character == "{" {
          depth += 1
          if awaitingBrace && functionDepth == nil {
            functionDepth = depth
            awaitingBrace = false
          }
        } else if character == "}" {
          depth -= 1
          if let body = functionDepth, depth < body { functionDepth = nil }
        }
      }
    }
    return nil
  }

  /// A line without its `//` comment and without the insides of its string literals, for
  /// counting braces.
  private static func codeOnly(_ line: String) -> String {
    var result = ""
    var inString = false
    var previous: Character = " "
    for character in line {
      if !inString && character == "/" && previous == "/" {
        result.removeLast()
        break
      }
      if character == "\"" && previous != "\\" {
        inString.toggle()
        result.append(character)
      } else if !inString {
        result.append(character)
      }
      previous = character
    }
    return result
  }
}
