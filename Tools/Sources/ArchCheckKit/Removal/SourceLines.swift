import Foundation

/// A Swift file as lines, beside the same lines with comments and string contents blanked
/// (`SwiftSourceScanner.codeOnly`), so braces in strings or comments never count. What
/// `make remove-feature` cuts out of a file is found here: a declaration with the doc comments
/// and attributes above it, a `switch` case up to the next one, an element of an array literal.
struct SourceLines {
  /// The file's lines as written.
  private(set) var lines: [String]
  /// The same lines, code only.
  private(set) var code: [String]

  init(_ text: String) {
    lines = text.components(separatedBy: "\n")
    code = SwiftSourceScanner.codeOnly(text).components(separatedBy: "\n")
  }

  /// The text, with the lines that are left.
  var text: String { lines.joined(separator: "\n") }

  /// Removes the lines of `ranges` (which may overlap or repeat).
  mutating func remove(_ ranges: [ClosedRange<Int>]) {
    let doomed = Set(ranges.flatMap { Array($0) })
    let kept = lines.indices.filter { !doomed.contains($0) }
    lines = kept.map { lines[$0] }
    code = kept.map { code[$0] }
  }

  /// A line's leading spaces.
  func indentation(_ index: Int) -> Int {
    lines[index].prefix { $0 == " " }.count
  }

  /// The trimmed code of a line.
  func trimmedCode(_ index: Int) -> String {
    code[index].trimmingCharacters(in: .whitespaces)
  }

  /// The first line of the declaration that starts at `index`: the doc comments, comments and
  /// attributes right above it are part of it.
  func declarationStart(_ index: Int) -> Int {
    var start = index
    while start > 0 {
      let above = lines[start - 1].trimmingCharacters(in: .whitespaces)
      // An attribute on a line of its own; not a declaration written on one line
      // (`@Test func a() {}`), which is the one above.
      let declares =
        trimmedCode(start - 1).range(
          of: #"\b(func|var|let|struct|class|enum|actor|init)\b"#, options: .regularExpression)
        != nil
      if above.hasPrefix("//") || (above.hasPrefix("@") && !declares) {
        start -= 1
      } else if let attribute = attributeStart(endingAt: start - 1) {
        start = attribute
      } else {
        break
      }
    }
    return start
  }

  /// The first line of an attribute written over several lines (`@Test(` … `)`) whose last
  /// line is `index`, or nil when `index` does not end one.
  private func attributeStart(endingAt index: Int) -> Int? {
    guard trimmedCode(index).hasSuffix(")") else { return nil }
    var balance = 0
    var line = index
    while line >= 0 {
      for character in code[line] {
        if character == ")" { balance += 1 }
        if character == "(" { balance -= 1 }
      }
      if balance <= 0 {
        return trimmedCode(line).hasPrefix("@") ? line : nil
      }
      line -= 1
    }
    return nil
  }

  /// The last line of what starts at `index`: where its brackets, parentheses and braces close
  /// again (the line itself when they close on it).
  func balancedEnd(_ index: Int) -> Int {
    var depth = 0
    var line = index
    while line < code.count {
      for character in code[line] {
        if "([{".contains(character) { depth += 1 }
        if ")]}".contains(character) { depth -= 1 }
      }
      if depth <= 0 { return line }
      line += 1
    }
    return code.count - 1
  }

  /// The body of the type or enum declared as `keyword name` (`enum Route`): its first and
  /// last line, or nil.
  func block(_ keyword: String, named name: String) -> ClosedRange<Int>? {
    let pattern = "(^|\\s)\(keyword)\\s+\(name)\\b"
    for index in code.indices
    where code[index].range(of: pattern, options: .regularExpression) != nil {
      return index...balancedEnd(index)
    }
    return nil
  }

  /// Each `case name` or `case name(…)` declared in `block` (not a switch label), with its doc
  /// comments.
  func enumCases(_ names: Set<String>, in block: ClosedRange<Int>) -> [ClosedRange<Int>] {
    var found: [ClosedRange<Int>] = []
    for index in block {
      let line = trimmedCode(index)
      guard line.hasPrefix("case "), !line.hasPrefix("case .") else { continue }
      let name = line.dropFirst(5).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      guard names.contains(String(name)) else { continue }
      found.append(declarationStart(index)...balancedEnd(index))
    }
    return found
  }

  /// The `switch` case labelled `case .name:` or `case .name(…):`, to the line before the next
  /// label or the switch's closing brace, with comments right above it.
  func switchCase(_ name: String) -> ClosedRange<Int>? {
    let pattern = "^case \\.\(name)\\b.*:$"
    guard
      let label = code.indices.first(where: {
        trimmedCode($0).range(of: pattern, options: .regularExpression) != nil
      })
    else { return nil }
    let indent = indentation(label)
    var end = label
    while end + 1 < code.count {
      let next = trimmedCode(end + 1)
      let nextIndent = indentation(end + 1)
      if !next.isEmpty, nextIndent < indent { break }
      // The next label, or the switch's own closing brace (the last case's end).
      if nextIndent == indent, next.hasPrefix("case ") || next.hasPrefix("default:") { break }
      if nextIndent <= indent, next.hasPrefix("}") { break }
      end += 1
    }
    return declarationStart(label)...end
  }

  /// The label of the `switch` case that line `index` is in (`fugaTapped` for a line under
  /// `case .fugaTapped:`), or nil when it is in none.
  func enclosingSwitchLabel(_ index: Int) -> String? {
    // Outwards, one level of indentation at a time, until a label or the switch itself.
    var threshold = indentation(index)
    for line in stride(from: index - 1, through: 0, by: -1) {
      let text = trimmedCode(line)
      guard !text.isEmpty, indentation(line) < threshold else { continue }
      if text.hasPrefix("case ."), text.hasSuffix(":") {
        return String(text.dropFirst(6).prefix { $0.isLetter || $0.isNumber || $0 == "_" })
      }
      if text.hasPrefix("switch ") || text.contains("func ") { return nil }
      threshold = indentation(line)
    }
    return nil
  }

  /// A function (a test or a helper) or a property, declared in a type or at the top level.
  struct Declaration: Equatable {
    /// Its name.
    let name: String
    /// Its lines, with the doc comments and attributes above it.
    let lines: ClosedRange<Int>
    /// Marked `@Test`.
    let isTest: Bool
  }

  /// Each function or property declared in a type or at the top level (statements inside
  /// bodies are not listed).
  func declarations() -> [Declaration] {
    var found: [Declaration] = []
    var index = 0
    // `func name`, `var name` or `let name` after any modifiers.
    let declarationPattern =
      /^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:private|fileprivate|internal|public|static|nonisolated|mutating)\s+)*(func|var|let)\s+`?(\w+)/
    while index < code.count {
      let line = trimmedCode(index)
      if let match = line.firstMatch(of: declarationPattern) {
        let name = match.output.2
        // A value written over more lines (`static let x =` then the value, indented) ends
        // where the next line is back at the declaration's indentation.
        var end = balancedEnd(index)
        while end + 1 < code.count,
          !lines[end + 1].trimmingCharacters(in: .whitespaces).isEmpty,
          indentation(end + 1) > indentation(index)
        {
          end = balancedEnd(end + 1)
        }
        let start = declarationStart(index)
        let isTest = lines[start...index].contains { $0.contains("@Test") }
        found.append(
          Declaration(
            name: String(name), lines: start...end, isTest: isTest))
        index = end + 1
        continue
      }
      index += 1
    }
    return found
  }

  /// Each type declared at the top level (a suite, a fixture) or extension, with the doc
  /// comments and attributes above it (`@Suite(…)`); `header` is the lines up to its `{`,
  /// where what it stands on is named.
  func topLevelTypes() -> [(declaration: Declaration, header: ClosedRange<Int>)] {
    var found: [(Declaration, ClosedRange<Int>)] = []
    let pattern =
      /^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:private|fileprivate|internal|public|final)\s+)*(?:struct|enum|class|actor|extension)\s+(\w+)/
    var index = 0
    while index < code.count {
      guard indentation(index) == 0, let match = code[index].firstMatch(of: pattern) else {
        index += 1
        continue
      }
      let end = balancedEnd(index)
      var brace = index
      while brace < end, !code[brace].contains("{") { brace += 1 }
      let start = declarationStart(index)
      found.append(
        (
          Declaration(name: String(match.output.1), lines: start...end, isTest: false),
          start...brace
        ))
      index = end + 1
    }
    return found
  }

  /// Whether the code of `range` (strings and comments left out) names one of `words`.
  func namesInCode(_ words: Set<String>, in range: ClosedRange<Int>) -> Bool {
    code[range].contains { Self.words(in: $0).contains { words.contains($0) } }
  }

  /// Whether the code of `range` uses one of `names` as a declaration's name is used: called
  /// as an implicit member (`.router(…)`), after one of `owners`, the types that declare it
  /// (`DemoEndToEndTests.demoPath`), and with `bare` (a use in the declaring file) bare or
  /// after `self` or `Self`; never as a member of a value (`handle.write`), an enum case
  /// (`.entry`) or another type's member (`Tabs.entry`).
  func uses(
    _ names: Set<String>, in range: ClosedRange<Int>, owners: Set<String>, bare: Bool
  ) -> Bool {
    guard !names.isEmpty else { return false }
    let alternatives = names.sorted().joined(separator: "|")
    // An implicit member starts an expression: after a space, `(`, `[`, `,`, `:` or `=`.
    var forms = [#"(^|[\s(\[,:=])\.(\#(alternatives))\("#]
    let qualifiers = (bare ? ["Self", "self"] : []) + owners.sorted()
    if !qualifiers.isEmpty {
      forms.append(#"\b(\#(qualifiers.joined(separator: "|")))\.(\#(alternatives))\b"#)
    }
    if bare { forms.append(#"(^|[^.\w])(\#(alternatives))\b"#) }
    let pattern = forms.joined(separator: "|")
    return code[range].contains { $0.range(of: pattern, options: .regularExpression) != nil }
  }

  /// The types this file declares or extends, by name.
  var typeNames: Set<String> {
    var names: Set<String> = []
    for line in code {
      if let match = line.firstMatch(of: /(?:struct|class|enum|actor|extension)\s+(\w+)/) {
        names.insert(String(match.output.1))
      }
    }
    return names
  }

  /// The identifiers of a line, split on anything but letters, digits and `_`, after `\n`,
  /// `\t` and `\r` escapes.
  static func words(in line: String) -> [String] {
    let unescaped = line.replacingOccurrences(
      of: #"\\[ntr0]"#, with: " ", options: .regularExpression)
    return
      unescaped
      .split { !($0.isLetter || $0.isNumber || $0 == "_") }
      .map(String.init)
  }
}
