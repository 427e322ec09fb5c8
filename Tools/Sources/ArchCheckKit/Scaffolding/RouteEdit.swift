import Foundation

/// One feature source as the route scaffolder edits it: lines, each place found by what it is
/// (the `Route` enum, the `Action` enum, the reducer's `switch action`, the view's command
/// list), with comments and string literals blanked while looking, so text inside them is
/// never taken for code.
struct RouteEdit {
  let path: String
  private(set) var lines: [String]

  init(path: String, text: String) {
    self.path = path
    self.lines = text.components(separatedBy: "\n")
  }

  /// The edited text.
  var text: String { lines.joined(separator: "\n") }

  /// The lines with comments and strings blanked, for finding code.
  private var code: [String] {
    SwiftSourceScanner.codeOnly(text).components(separatedBy: "\n")
  }

  /// Adds `case name` at the end of the `Route` enum.
  mutating func addRouteCase(_ name: String, of feature: String, opening screen: String)
    throws(ArchCheckError)
  {
    let code = self.code
    guard let start = code.firstIndex(where: { Self.declares("Route", $0) }) else {
      throw .invalidInput(
        "\(path) has no Route enum (enum Route: NavigationRoute); add one to \(feature), then "
          + "run make route again")
    }
    let end = try closingLine(of: start, in: code)
    if code[start...end].contains(where: { Self.declaresCase(name, $0) }) {
      throw .invalidInput(
        "\(feature).Route already has case \(name); \(feature) already routes there")
    }
    let indent = Self.indent(of: lines[start]) + "  "
    let added = ["\(indent)/// The \(screen) screen.", "\(indent)case \(name)"]
    if start == end {
      // `enum Route: NavigationRoute {}` on one line.
      guard let brace = lines[start].range(of: "{}", options: .backwards) else {
        throw .invalidInput("\(path):\(start + 1): cannot read the Route enum; write it on lines")
      }
      let head = String(lines[start][..<brace.lowerBound]) + "{"
      lines.replaceSubrange(
        start...start, with: [head] + added + [Self.indent(of: lines[start]) + "}"])
    } else {
      lines.insert(contentsOf: added, at: end)
    }
  }

  /// Adds `case name` after the `Action` enum's own cases (before its `delegate` case, which
  /// by convention comes last).
  mutating func addActionCase(_ name: String, opening screen: String) throws(ArchCheckError) {
    let code = self.code
    guard let start = code.firstIndex(where: { Self.declares("Action", $0) }) else {
      throw .invalidInput("\(path) has no Action enum; is it a feature's reducer?")
    }
    let end = try closingLine(of: start, in: code)
    if code[start...end].contains(where: { Self.declaresCase(name, $0) }) {
      throw .invalidInput("\(path): Action already has case \(name); the route is there already")
    }
    let body = try bodyLines(of: start, end: end, in: code)
    let cases = body.filter { code[$0].trimmingCharacters(in: .whitespaces).hasPrefix("case ") }
    let delegate = cases.first { Self.declaresCase("delegate", code[$0]) }
    let position = delegate.map { docStart(of: $0) } ?? cases.last.map { $0 + 1 } ?? end
    let indent =
      cases.first.map { Self.indent(of: lines[$0]) } ?? Self.indent(of: lines[start]) + "  "
    lines.insert(
      contentsOf: [
        "\(indent)/// The person asked for the \(screen) screen.", "\(indent)case \(name)",
      ],
      at: position)
  }

  /// How a feature asks for a screen: through its `Delegate`'s `navigate` case, which the App
  /// relays (Hoge), or with `@Dependency(\.navigate)`, which needs no relay (ItemList).
  enum Asking {
    case delegate
    case dependency
  }

  /// How this reducer asks: by its delegate when its `Action` has a `Delegate` enum with a
  /// `navigate` case, else by the dependency.
  var asking: Asking {
    let code = self.code
    guard let start = code.firstIndex(where: { Self.declares("Delegate", $0) }),
      let end = try? closingLine(of: start, in: code)
    else { return .dependency }
    return code[start...end].contains { Self.declaresCase("navigate", $0) }
      ? .delegate : .dependency
  }

  /// Adds `@Dependency(\.navigate) var navigate` to the reducer `name` when it has none:
  /// after its last `@Dependency` line, or else before its `body`; and `import CoreRouting`,
  /// which declares it, when the file lacks it.
  mutating func addNavigateDependency(to name: String) throws(ArchCheckError) {
    guard !code.contains(where: { $0.contains("@Dependency(\\.navigate)") }) else { return }
    let code = self.code
    guard
      let start = code.firstIndex(where: { line in
        let words = Self.words(line)
        guard let index = words.firstIndex(of: "struct"), index + 1 < words.count else {
          return false
        }
        return words[index + 1] == name || words[index + 1].hasPrefix(name + ":")
      })
    else {
      throw .invalidInput("\(path) declares no struct \(name); is it the feature's reducer?")
    }
    let end = try closingLine(of: start, in: code)
    // The struct's own lines: those that start directly inside its braces.
    var own: [Int] = []
    var depth = 0
    for index in start...end {
      if depth == 1 { own.append(index) }
      for character in code[index] {
        if character == "{" { depth += 1 }
        if character == "}" { depth -= 1 }
      }
    }
    let indent = Self.indent(of: lines[start]) + "  "
    let dependencies = own.filter {
      code[$0].trimmingCharacters(in: .whitespaces).hasPrefix("@Dependency(")
    }
    let body = own.first { Self.words(code[$0]).contains("body:") }
    guard let position = dependencies.last.map({ $0 + 1 }) ?? body.map(docStart(of:)) else {
      throw .invalidInput(
        "\(path) has no body in \(name); add @Dependency(\\.navigate) var navigate by hand")
    }
    lines.insert("\(indent)@Dependency(\\.navigate) var navigate", at: position)
    if !code.contains(where: { Self.words($0) == ["import", "CoreRouting"] }) {
      let imports = code.indices.filter { Self.words(code[$0]).first == "import" }
      let after = imports.last { Self.words(code[$0]).last ?? "" < "CoreRouting" }
      lines.insert("import CoreRouting", at: after.map { $0 + 1 } ?? imports.first ?? 0)
    }
  }

  /// Adds the reducer's case, after the others (before `case .delegate` or `default:` when
  /// there is one): the action asks whoever assembles the app to push the route, through the
  /// delegate or the navigate dependency, as `asking` says.
  mutating func addReducerCase(_ action: String, route: String, asking: Asking)
    throws(ArchCheckError)
  {
    let code = self.code
    guard let line = code.firstIndex(where: { Self.words($0) == ["switch", "action", "{"] }) else {
      throw .invalidInput(
        "\(path) has no `switch action {` in its reducer; add the case for .\(action) by hand")
    }
    let end = try closingLine(of: line, in: code)
    let indent = Self.indent(of: lines[line])
    let labels = (line + 1..<end).filter {
      Self.indent(of: code[$0]) == indent
        && code[$0].trimmingCharacters(in: .whitespaces).hasPrefix("case ")
    }
    let last = (line + 1..<end).first {
      let trimmed = code[$0].trimmingCharacters(in: .whitespaces)
      return Self.indent(of: code[$0]) == indent
        && (trimmed.hasPrefix("case .delegate") || trimmed.hasPrefix("default:"))
    }
    let position = last ?? (labels.isEmpty ? line + 1 : end)
    let request: String
    switch asking {
    case .delegate: request = "return .send(.delegate(.navigate(.push(.\(route)))))"
    case .dependency: request = "return .run { _ in await navigate(.push(Route.\(route))) }"
    }
    lines.insert(contentsOf: ["\(indent)case .\(action):", "\(indent)  \(request)"], at: position)
  }

  /// Adds the view's command at the end of its list, and to the list in the doc comment above
  /// `commands` when it is one (`` `name`, `back`. ``).
  mutating func addCommand(_ name: String, action: String, opening screen: String)
    throws(ArchCheckError)
  {
    let code = self.code
    guard let declaration = code.firstIndex(where: { $0.contains("var commands: [TextCommand]") })
    else {
      throw .invalidInput("\(path) has no `var commands: [TextCommand]`; is it a feature's view?")
    }
    if text.contains("TextCommand(\"\(name)\"") {
      throw .invalidInput("\(path) already has a \(name) command; the route is there already")
    }
    guard
      let list = code[declaration...].firstIndex(where: {
        $0.trimmingCharacters(in: .whitespaces).hasSuffix("[")
      }),
      let close = closingBracket(of: list, in: code)
    else {
      throw .invalidInput(
        "\(path):\(declaration + 1): the commands are not an array literal; add the \(name) "
          + "command by hand")
    }
    let indent = Self.indent(of: lines[list]) + "  "
    // The element before it ends with a comma, as swift-format writes a list over lines.
    if close > list + 1, !code[close - 1].trimmingCharacters(in: .whitespaces).hasSuffix(",") {
      lines[close - 1] += ","
    }
    lines.insert(
      "\(indent)TextCommand(\"\(name)\", help: \"Open \(screen)\") { _ in store.send(.\(action)) },",
      at: close)
    let doc = declaration - 1
    if doc >= 0,
      lines[doc].range(of: #"^\s*/// (`[^`]+`, )*`[^`]+`\.$"#, options: .regularExpression) != nil
    {
      lines[doc] = String(lines[doc].dropLast()) + ", `\(name)`."
    }
  }

  /// The lines directly inside the braces opened on `start` (nested declarations left out).
  private func bodyLines(of start: Int, end: Int, in code: [String]) throws(ArchCheckError) -> [Int]
  {
    var depth = 0
    var inside: [Int] = []
    for index in start...end {
      if depth == 1, index != start { inside.append(index) }
      for character in code[index] {
        if character == "{" { depth += 1 }
        if character == "}" { depth -= 1 }
      }
    }
    return inside.filter { index in
      // A line that opens a nested declaration is not the enum's own (its case lines are).
      !code[index].contains("{")
        || code[index].trimmingCharacters(in: .whitespaces).hasPrefix("case ")
    }
  }

  /// The first line of the doc comment above `line` (the line itself when it has none).
  private func docStart(of line: Int) -> Int {
    var start = line
    while start > 0, lines[start - 1].trimmingCharacters(in: .whitespaces).hasPrefix("///") {
      start -= 1
    }
    return start
  }

  /// The line of the `]` that closes the `[` ending line `start`.
  private func closingBracket(of start: Int, in code: [String]) -> Int? {
    var depth = 0
    for index in start..<code.count {
      for character in code[index] {
        if character == "[" { depth += 1 }
        if character == "]" {
          depth -= 1
          if depth == 0 { return index }
        }
      }
    }
    return nil
  }

  /// The line of the brace that closes the declaration opened on `start`.
  private func closingLine(of start: Int, in code: [String]) throws(ArchCheckError) -> Int {
    var depth = 0
    var opened = false
    for index in start..<code.count {
      for character in code[index] {
        if character == "{" {
          depth += 1
          opened = true
        } else if character == "}" {
          depth -= 1
          if opened && depth == 0 { return index }
        }
      }
    }
    throw .invalidInput("\(path):\(start + 1): the declaration never closes; does it build?")
  }

  /// Whether a line declares `enum <name>`.
  private static func declares(_ name: String, _ line: String) -> Bool {
    let words = words(line)
    guard let index = words.firstIndex(of: "enum"), index + 1 < words.count else { return false }
    return words[index + 1] == name || words[index + 1].hasPrefix(name + ":")
      || words[index + 1].hasPrefix(name + "{")
  }

  /// Whether a line declares `case <name>`: bare, with values, or one of several
  /// (`case a, b(Int)`).
  private static func declaresCase(_ name: String, _ line: String) -> Bool {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasPrefix("case ") else { return false }
    return topLevelParts(of: String(trimmed.dropFirst("case ".count))).contains { declared in
      let trimmedName = declared.trimmingCharacters(in: .whitespaces)
      return trimmedName.prefix { $0.isLetter || $0.isNumber || $0 == "_" } == name
    }
  }

  /// `text` cut at the commas outside brackets: `a, b(x: Int, y: Int)` is `a` and
  /// `b(x: Int, y: Int)`; what a case list and a parameter list are made of.
  static func topLevelParts(of text: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var nesting = 0
    for character in text {
      if "([<".contains(character) { nesting += 1 }
      if ")]>".contains(character) { nesting -= 1 }
      if character == ",", nesting == 0 {
        parts.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    parts.append(current)
    return parts
  }

  private static func words(_ line: String) -> [String] {
    line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
  }

  private static func indent(of line: String) -> String {
    String(line.prefix { $0 == " " })
  }
}
