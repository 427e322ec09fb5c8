import Foundation

/// What the build after a removal found still using what went, and takes out: a test or a
/// helper in a test file whose line the compiler rejects for a name the removal took away
/// (`type 'Entry.Route' has no member 'hoge'`, `cannot find 'Hoge' in scope`). The compiler
/// knows which enum an implicit `.hoge` is, which no reading of the text can; so a bare case
/// name is left to it rather than guessed. Any other error is not the removal's to fix.
struct CompilerRepair {
  /// The new text of each test file, by path from the root.
  var edits: [String: String] = [:]
  /// The declarations taken out, for the person: `Tests/AppFlowTests/X.swift: test name`.
  var report: [String] = []
  /// The names of the helpers taken out: a use of one is the removal's to fix next round.
  var helpers: Set<String> = []

  /// The repair for the errors in `output` (a build's), or the first error it cannot repair.
  static func plan(
    output: String, names: RemovedNames, helpers gone: Set<String>, root: URL
  ) -> Result<CompilerRepair, ArchCheckError> {
    let removed = names.modules.union(names.types).union(names.cases).union(names.actions)
      .union(gone)
    var lines: [String: Set<Int>] = [:]
    var firstError: String?
    for error in errors(in: output, root: root) {
      let quoted = error.message.matches(of: /'([^']+)'/).flatMap {
        SourceLines.words(in: String($0.output.1))
      }
      guard isTestFile(error.path), quoted.contains(where: { removed.contains($0) }) else {
        firstError = firstError ?? "\(error.path):\(error.line): \(error.message)"
        continue
      }
      lines[error.path, default: []].insert(error.line)
    }
    if let firstError {
      return .failure(
        .invalidInput(
          "the build after the removal fails at \(firstError), which is not a use of what was "
            + "removed; everything is back as it was"))
    }
    guard !lines.isEmpty else {
      return .failure(
        .invalidInput(
          "the build and tests after the removal failed (the output above says why); "
            + "everything is back as it was"))
    }
    var repair = CompilerRepair()
    for (path, numbers) in lines.sorted(by: { $0.key < $1.key }) {
      guard let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      else { continue }
      var file = SourceLines(text)
      let declarations = file.declarations()
      var doomed: [SourceLines.Declaration] = []
      for number in numbers.sorted() {
        guard let declaration = declarations.first(where: { $0.lines.contains(number - 1) }) else {
          return .failure(
            .invalidInput(
              "\(path):\(number) still uses what was removed outside a test or a helper; "
                + "everything is back as it was: remove that use, then run make "
                + "remove-feature again"))
        }
        if !doomed.contains(declaration) { doomed.append(declaration) }
      }
      file.remove(doomed.map(\.lines))
      repair.edits[path] = file.text
      for declaration in doomed {
        repair.report.append(
          "took out \(path): \(declaration.name) (the build found it using what went)")
        if !declaration.isTest { repair.helpers.insert(declaration.name) }
      }
    }
    return .success(repair)
  }

  /// A compiler error: the file from the root, its 1-based line, the message.
  private struct CompilerError {
    let path: String
    let line: Int
    let message: String
  }

  /// The errors `output` reports in files under `root`, each once.
  private static func errors(in output: String, root: URL) -> [CompilerError] {
    let prefix = root.standardizedFileURL.path + "/"
    var seen: Set<String> = []
    var found: [CompilerError] = []
    for line in output.split(separator: "\n") {
      guard let match = line.firstMatch(of: /^(\/[^:]+\.swift):(\d+):\d+: error: (.*)$/),
        let number = Int(match.output.2), seen.insert(String(line)).inserted
      else { continue }
      let file = String(match.output.1)
      let path = file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
      found.append(CompilerError(path: path, line: number, message: String(match.output.3)))
    }
    return found
  }

  /// A file of a test target: under the root's `Tests/`, or a package's `Tests/`.
  private static func isTestFile(_ path: String) -> Bool {
    !path.hasPrefix("/") && (path.hasPrefix("Tests/") || path.contains("/Tests/"))
  }
}
