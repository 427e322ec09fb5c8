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
  /// The errors are read by declaration: a test or helper goes when one of its errors names
  /// what went (`'hoge'`, or `'EntryPanel.Action'`, a type the removal rewrote); its other
  /// errors follow from that one (`cannot infer contextual base in reference to member 'off'`).
  /// An error in a declaration none of whose errors names what went is not the removal's.
  static func plan(
    output: String, names: RemovedNames, helpers gone: Set<String>, root: URL
  ) -> Result<CompilerRepair, ArchCheckError> {
    let removed = names.modules.union(names.types).union(names.cases).union(names.actions)
      .union(names.rewritten).union(gone)
    let errors = errors(in: output, root: root)
    guard !errors.isEmpty else {
      return .failure(
        .invalidInput(
          "the build and tests after the removal failed (the output above says why); "
            + "everything is back as it was"))
    }
    var sources: [String: SourceLines] = [:]
    var doomed: [String: [SourceLines.Declaration]] = [:]
    var unexplained: [(error: CompilerError, declaration: SourceLines.Declaration?)] = []
    for error in errors {
      guard isTestFile(error.path) else {
        unexplained.append((error, nil))
        continue
      }
      if sources[error.path] == nil {
        let text = try? String(
          contentsOf: root.appendingPathComponent(error.path), encoding: .utf8)
        sources[error.path] = SourceLines(text ?? "")
      }
      let declaration = sources[error.path]?.declarations().first {
        $0.lines.contains(error.line - 1)
      }
      let quoted = error.message.matches(of: /'([^']+)'/).flatMap {
        SourceLines.words(in: String($0.output.1))
      }
      if let declaration, quoted.contains(where: { removed.contains($0) }) {
        if doomed[error.path]?.contains(declaration) != true {
          doomed[error.path, default: []].append(declaration)
        }
      } else {
        unexplained.append((error, declaration))
      }
    }
    // An error that follows from another in the same declaration is explained by it.
    for (error, declaration) in unexplained
    where declaration.map({ doomed[error.path]?.contains($0) != true }) ?? true {
      let place = "\(error.path):\(error.line)"
      if declaration == nil, isTestFile(error.path),
        sources[error.path].map({ !$0.declarations().isEmpty }) == true
      {
        return .failure(
          .invalidInput(
            "\(place) still uses what was removed outside a test or a helper (\(error.message)); "
              + "everything is back as it was: remove that use, then run make remove-feature "
              + "again"))
      }
      return .failure(
        .invalidInput(
          "the build after the removal fails at \(place): \(error.message), which is not a use "
            + "of what was removed; everything is back as it was"))
    }
    var repair = CompilerRepair()
    for (path, declarations) in doomed.sorted(by: { $0.key < $1.key }) {
      guard var file = sources[path] else { continue }
      file.remove(declarations.map(\.lines))
      repair.edits[path] = file.text
      for declaration in declarations {
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
