import Foundation

/// Which screens a golden transcript shows, read from its expected output the way the demo
/// writes it: each breadcrumb (`» [entry] Entry > Hoge > Fuga`, `» Entry > … > Fuga (7
/// screens)`) and each closed screen the log reports (`log: Fuga closed`). A transcript that
/// shows a removed screen goes with it; one that merely contains the word stays.
enum TranscriptScreens {
  /// The titles of the screens `expected` shows.
  static func titles(in expected: String) -> Set<String> {
    var titles: Set<String> = []
    for line in expected.split(separator: "\n", omittingEmptySubsequences: true) {
      if line.hasPrefix("» ") {
        titles.formUnion(breadcrumb(line.dropFirst(2)))
      } else if line.hasPrefix("log: "), line.hasSuffix(" closed") {
        titles.insert(String(line.dropFirst("log: ".count).dropLast(" closed".count)))
      }
    }
    return titles
  }

  /// The screens of a breadcrumb without its `» `: the tab in brackets and the count of a
  /// long stack left out.
  private static func breadcrumb(_ line: Substring) -> [String] {
    var rest = line
    if rest.hasPrefix("["), let close = rest.range(of: "] ") {
      rest = rest[close.upperBound...]
    }
    if rest.hasSuffix(" screens)"), let open = rest.range(of: " (", options: .backwards) {
      rest = rest[..<open.lowerBound]
    }
    return rest.components(separatedBy: " > ").filter { $0 != "…" }
  }

  /// The title each of `reducers` declares in the Swift files under `folder`
  /// (`public static let title = "Items"` in the type or an extension of it); a reducer that
  /// declares none is shown by its name.
  static func titles(of reducers: Set<String>, under folder: URL) -> Set<String> {
    var found: [String: String] = [:]
    for file in ImportRules.swiftFiles(in: folder) {
      guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
      let source = SourceLines(text)
      for reducer in reducers where found[reducer] == nil {
        if let title = title(of: reducer, in: source) { found[reducer] = title }
      }
    }
    return Set(reducers.map { found[$0] ?? $0 })
  }

  /// The title the type `name` (or an extension of it) declares in `source`.
  private static func title(of name: String, in source: SourceLines) -> String? {
    let opening = "(^|\\s)(struct|enum|class|extension)\\s+\(name)\\b"
    for start in source.code.indices
    where source.code[start].range(of: opening, options: .regularExpression) != nil {
      for index in start...source.balancedEnd(start)
      where source.code[index].range(
        of: #"static\s+(let|var)\s+title\b"#, options: .regularExpression)
        != nil
      {
        if let match = source.lines[index].firstMatch(
          of: /title\s*(?::\s*String\s*)?=\s*"([^"\\]*)"/)
        {
          return String(match.output.1)
        }
      }
    }
    return nil
  }
}
