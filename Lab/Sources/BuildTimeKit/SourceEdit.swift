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

  /// A body-only edit: a comment (different each run) put before the first string literal
  /// inside a function body. Nothing outside the function changes, and nothing the program
  /// does: the file compiles again as after any body edit, and what the demo prints stays what
  /// a clean build of the committed tree prints, which the product check compares with.
  public static func body(run: Int, original: String) throws(BuildTimeError) -> String {
    var lines = original.components(separatedBy: "\n")
    guard let index = bodyLiteralLine(in: lines), let quote = lines[index].firstIndex(of: "\"")
    else {
      throw .edit("no string literal inside a function body to edit")
    }
    lines[index].insert(contentsOf: "/* bt\(run) */ ", at: quote)
    return lines.joined(separator: "\n")
  }

  /// `token` and a space put at the start of the first string literal inside a function body:
  /// a body edit that changes what the program prints (the edit fuzzer's, which compares with
  /// a clean build of the same tree). Nil when there is no such literal.
  static func literal(token: String, original: String) -> String? {
    var lines = original.components(separatedBy: "\n")
    guard let index = bodyLiteralLine(in: lines), let quote = lines[index].firstIndex(of: "\"")
    else { return nil }
    lines[index].insert(contentsOf: "\(token) ", at: lines[index].index(after: quote))
    return lines.joined(separator: "\n")
  }

  /// A layout edit, as the most common edit of a TCA codebase: on odd runs a stored property
  /// at the top of the file's `struct State` (a feature's state, which the App holds by value),
  /// else of the first struct, class or actor it declares (`var` in a struct, `let` in a class
  /// or actor, which a `Sendable` class allows); on even runs the file as it was. Each run
  /// changes the type's layout against the run before; the runs build two trees, whose clean
  /// builds the product check compares with.
  public static func layout(run: Int, original: String) throws(BuildTimeError) -> String {
    guard run % 2 == 1 else { return original }
    var lines = original.components(separatedBy: "\n")
    let state = lines.firstIndex { codeOnly($0).contains("struct State") }.flatMap { start in
      typeHeader(in: Array(lines[start...])).map { ($0.0 + start, $0.1, $0.2) }
    }
    guard let (index, kind, indent) = state ?? typeHeader(in: lines) else {
      throw .edit("no struct, class or actor to add a stored property to")
    }
    let binding = kind == "struct" ? "var" : "let"
    lines.insert(
      "\(indent)  \(binding) buildtimeProbe: [Int] = [7, 8, 9]  \(probeMarker)", at: index + 1)
    return lines.joined(separator: "\n")
  }

  /// Whether `text` declares a struct, class or actor a layout edit can go into.
  public static func hasLayoutType(_ text: String) -> Bool {
    typeHeader(in: text.components(separatedBy: "\n")) != nil
  }

  /// The first line that opens a struct, class or actor body on its own line (`public struct
  /// State: Equatable {`): its index, the kind, and its indentation.
  static func typeHeader(in lines: [String]) -> (Int, String, String)? {
    let modifiers: Set<String> = [
      "public", "package", "internal", "fileprivate", "private", "final", "open", "nonisolated",
    ]
    for (index, line) in lines.enumerated() {
      let code = codeOnly(line)
      guard code.hasSuffix("{") || code.trimmingCharacters(in: .whitespaces).hasSuffix("{") else {
        continue
      }
      let indent = String(line.prefix { $0 == " " })
      var words = code.trimmingCharacters(in: .whitespaces).split(separator: " ").map(String.init)
      while let first = words.first, modifiers.contains(first) || first.hasPrefix("@") {
        words.removeFirst()
      }
      guard words.count >= 2, ["struct", "class", "actor"].contains(words[0]),
        let initial = words[1].first, initial.isUppercase
      else { continue }
      return (index, words[0], indent)
    }
    return nil
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
