/// Which lines of a Swift file outside the feature's package `make rename-feature` rewrites:
/// each line whose code (strings and comments left out) uses a renamed name, and every line of
/// a declaration whose code does (a `func`, `var` or `let` in a type or at the top level, and a
/// top-level type's header with its doc comment and attributes; a line's own doc comment goes
/// with it, such as an enum case's), so the strings and comments that go with that
/// code (a command's word, a test's typed script and title, a doc comment) are renamed with
/// it. A string or a comment in code that does not use the feature keeps its words, whatever
/// they spell.
enum RenamedLines {
  /// The indices of `text`'s lines to rewrite with `names` (the names before the rename).
  static func marked(in text: String, names: Set<String>) -> Set<Int> {
    let source = SourceLines(text)
    func usesNames(_ range: ClosedRange<Int>) -> Bool {
      source.code[range].contains { line in
        SourceLines.words(in: line).contains { names.contains($0) }
      }
    }
    var marked: Set<Int> = []
    for index in source.code.indices where usesNames(index...index) {
      // The line, with the doc comments and attributes right above it.
      marked.formUnion(source.declarationStart(index)...index)
    }
    for declaration in source.declarations() where usesNames(declaration.lines) {
      marked.formUnion(declaration.lines)
    }
    for (declaration, header) in source.topLevelTypes() {
      let range = declaration.lines.lowerBound...header.upperBound
      if usesNames(range) { marked.formUnion(range) }
    }
    return marked
  }

  /// `text` with `renames` applied to the lines ``marked(in:names:)`` picks; nil when nothing
  /// changes.
  static func rename(_ text: String, with renames: WordRenames) -> String? {
    let marked = marked(in: text, names: Set(renames.map.keys))
    guard !marked.isEmpty else { return nil }
    var lines = text.components(separatedBy: "\n")
    for index in marked.sorted() where index < lines.count {
      lines[index] = renames.apply(to: lines[index])
    }
    let renamed = lines.joined(separator: "\n")
    return renamed == text ? nil : renamed
  }
}
