import Foundation

/// Works out a ``RemovalPlan`` one kind of place at a time, each edit on the text the edits
/// before it left (a file edited twice is read once).
struct PlanBuilder {
  let root: URL
  var plan: RemovalPlan
  /// The texts edited so far, by path.
  private var sources: [String: SourceLines] = [:]

  init(root: URL, plan: RemovalPlan) {
    self.root = root
    self.plan = plan
  }

  // MARK: Reading and recording

  private func url(_ path: String) -> URL { root.appendingPathComponent(path) }

  /// The text of `path` as the edits so far leave it.
  private mutating func source(_ path: String) -> SourceLines? {
    if let source = sources[path] { return source }
    guard let text = plan.edits[path] ?? (try? String(contentsOf: url(path), encoding: .utf8))
    else { return nil }
    let source = SourceLines(text)
    sources[path] = source
    return source
  }

  /// Keeps an edited text (and drops the edit again when it changes nothing).
  private mutating func store(_ path: String, _ source: SourceLines, _ reason: String) {
    sources[path] = source
    let original = try? String(contentsOf: url(path), encoding: .utf8)
    if source.text == original {
      plan.edits[path] = nil
    } else {
      plan.edits[path] = source.text
      plan.note(path, reason)
    }
  }

  /// The Swift files under `folder` (from the root), generated ones left out, by path.
  private func swiftFiles(under folder: String) -> [String] {
    ImportRules.swiftFiles(in: url(folder))
      .filter { !$0.lastPathComponent.hasSuffix(".generated.swift") }
      .map { Repo.relativePath(of: $0, root: root) }
      .sorted()
  }

  // MARK: The App's lists

  /// The screens' lines in the screen list and the tab list. Refuses a removal that would
  /// leave no tab.
  /// Returns the first tab's screen and the one that becomes first, when the first goes.
  mutating func removeScreens(_ caseNames: Set<String>, listFile: String, feature: String)
    throws(ArchCheckError) -> (home: String, newHome: String)?
  {
    guard !caseNames.isEmpty, var list = source(listFile) else { return nil }
    var home: (home: String, newHome: String)?
    for (marker, what) in [(": ScreenList", "screen list"), ("TabList", "tab list")] {
      guard
        let start = list.code.indices.first(where: {
          list.code[$0].contains(marker) && list.code[$0].contains("enum ")
        })
      else { continue }
      let block = start...list.balancedEnd(start)
      let doomed = list.enumCases(caseNames, in: block)
      guard !doomed.isEmpty else { continue }
      let remaining = list.enumCases(allCaseNames(list, in: block), in: block).count
      if what == "tab list", remaining == doomed.count {
        throw .invalidInput(
          "\(feature) holds every tab of the tab list in \(listFile); add a tab for another "
            + "screen there first (one line: case name), then remove \(feature)")
      }
      if what == "tab list" {
        let tabs = orderedCaseNames(list, in: block)
        if let first = tabs.first, caseNames.contains(first),
          let next = tabs.first(where: { !caseNames.contains($0) })
        {
          home = (first, next)
        }
      }
      list.remove(doomed)
      store(listFile, list, "its lines in the \(what)")
    }
    return home
  }

  /// The case names declared in `block`, in order.
  private func orderedCaseNames(_ source: SourceLines, in block: ClosedRange<Int>) -> [String] {
    block.compactMap { index in
      let line = source.trimmedCode(index)
      guard line.hasPrefix("case "), !line.hasPrefix("case .") else { return nil }
      return String(line.dropFirst(5).prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }
  }

  /// Every case name declared in `block`.
  private func allCaseNames(_ source: SourceLines, in block: ClosedRange<Int>) -> Set<String> {
    Set(orderedCaseNames(source, in: block))
  }

  // MARK: Imports and manifests

  /// `import Module` in every Swift file under `folders`; the App's panel file, when it imports
  /// the module, becomes the empty panel.
  /// Returns whether the panel file became the empty panel.
  @discardableResult
  mutating func removeImports(of module: String, under folders: [String]) -> Bool {
    var emptiedPanel = false
    for folder in folders {
      for path in swiftFiles(under: folder) {
        guard var file = source(path) else { continue }
        let imports = SwiftSourceScanner.imports(in: file.text).filter { $0.module == module }
        guard !imports.isEmpty else { continue }
        if EmptyEntryPanel.isPanelFile(file.text) {
          file = SourceLines(EmptyEntryPanel.text)
          store(path, file, "an empty panel (it wired \(module) in)")
          emptiedPanel = true
          continue
        }
        file.remove(imports.map { ($0.line - 1)...($0.line - 1) })
        store(path, file, "import \(module)")
      }
    }
    return emptiedPanel
  }

  /// The package and product entries that name the module, in every manifest but its own and
  /// the generated root one.
  mutating func removeFromManifests(_ module: String) {
    let folders = (try? Repo.packageDirectories(root: root)) ?? []
    // An entry on a line of its own or written over several lines; a line it leaves empty goes.
    let entries = [
      #"\.package\(\s*path:\s*"[^"]*/\#(module)"\s*\)\s*,?"#,
      #"\.product\(\s*name:\s*"\#(module)"\s*,\s*package:\s*"\#(module)"\s*\)\s*,?"#,
    ]
    let marker = "\u{0}removed\u{0}"
    for folder in folders where folder.lastPathComponent != module {
      let path = Repo.relativePath(of: folder.appendingPathComponent("Package.swift"), root: root)
      guard let manifest = source(path) else { continue }
      var text = manifest.text
      for pattern in entries {
        text = text.replacingOccurrences(of: pattern, with: marker, options: .regularExpression)
      }
      guard text != manifest.text else { continue }
      let lines = text.components(separatedBy: "\n").filter {
        !($0.contains(marker)
          && $0.replacingOccurrences(of: marker, with: "").trimmingCharacters(in: .whitespaces)
            .isEmpty)
      }
      let edited = lines.joined(separator: "\n").replacingOccurrences(of: marker, with: "")
      store(path, SourceLines(edited), "the \(module) package and product")
    }
  }

  // MARK: Routes in other features

  /// In feature package `feature`: each route case named after a removed screen, each action
  /// whose reducer case asks for such a route (the action's case, the reducer's case, the
  /// view's command and its word in the command list's doc comment). Returns the actions.
  mutating func removeRoutes(to caseNames: Set<String>, in feature: String) throws(ArchCheckError)
    -> Set<String>
  {
    guard !caseNames.isEmpty else { return [] }
    let files = swiftFiles(under: "Packages/\(feature)/Sources")
    let alternatives = caseNames.sorted().joined(separator: "|")
    let request = #"(push|popTo)\(\s*(\w+(\.\w+)*)?\.(\#(alternatives))\b"#
    var actions: Set<String> = []
    for path in files {
      guard var file = source(path) else { continue }
      if let route = file.block("enum", named: "Route") {
        let doomed = file.enumCases(caseNames, in: route)
        if !doomed.isEmpty {
          file.remove(doomed)
          store(path, file, "its route cases to the removed screens")
        }
      }
      for index in file.code.indices
      where file.code[index].range(of: request, options: .regularExpression) != nil {
        if let action = file.enclosingSwitchLabel(index) {
          actions.insert(action)
        } else {
          plan.leftovers.append(
            "\(path):\(index + 1): asks for a removed screen outside a switch case; remove it")
        }
      }
    }
    for action in actions.sorted() {
      try refuseMixed(action, keeping: caseNames, in: files)
    }
    for action in actions.sorted() {
      for path in files {
        removeAction(action, in: path)
      }
    }
    return actions
  }

  /// Refuses an action that asks for a removed screen and for another one too (removing it
  /// would take the other request along).
  private mutating func refuseMixed(
    _ action: String, keeping removed: Set<String>, in files: [String]
  )
    throws(ArchCheckError)
  {
    for path in files {
      guard let file = source(path), let range = file.switchCase(action) else { continue }
      for index in range {
        guard
          let match = file.code[index].firstMatch(
            of: /(push|popTo)\(\s*(?:\w+(?:\.\w+)*)?\.(\w+)\b/),
          case let named = String(match.output.2), !removed.contains(named)
        else { continue }
        throw .invalidInput(
          "\(path):\(index + 1): .\(action) asks for \(named) as well as a screen being removed; "
            + "give \(named) an action of its own, then run make remove-feature again")
      }
    }
  }

  /// Where the first tab's screen goes and another tab becomes first: every feature's route to
  /// it names the new first tab's screen instead (the gate asks for home that way), and a
  /// route that already names that screen absorbs it.
  mutating func retargetHome(from home: String, to newHome: String, in feature: String) {
    let request = #"((push|popTo)\(\s*(\w+(\.\w+)*)?\.)\#(home)\b"#
    for path in swiftFiles(under: "Packages/\(feature)/Sources") {
      guard var file = source(path) else { continue }
      var lines = file.lines
      var absorbed: [ClosedRange<Int>] = []
      if let route = file.block("enum", named: "Route") {
        let old = file.enumCases([home], in: route)
        if !file.enumCases([newHome], in: route).isEmpty {
          absorbed = old
        } else {
          for index in old.flatMap({ Array($0) })
          where file.trimmedCode(index).hasPrefix("case \(home)") {
            lines[index] = lines[index].replacingOccurrences(
              of: "case \(home)", with: "case \(newHome)")
          }
        }
      }
      for index in lines.indices
      where file.code[index].range(of: request, options: .regularExpression) != nil {
        lines[index] = lines[index].replacingOccurrences(
          of: request, with: "$1\(newHome)", options: .regularExpression)
      }
      guard lines != file.lines else { continue }
      file = SourceLines(lines.joined(separator: "\n"))
      file.remove(absorbed)
      store(path, file, "its route to \(home) now names \(newHome), the new first tab")
    }
  }

  /// An action's case, its reducer case and the view commands that send it, in one file.
  private mutating func removeAction(_ action: String, in path: String) {
    guard var file = source(path) else { return }
    var doomed: [ClosedRange<Int>] = []
    if let enumeration = file.block("enum", named: "Action") {
      doomed += file.enumCases([action], in: enumeration)
    }
    if let reducerCase = file.switchCase(action) { doomed.append(reducerCase) }
    var words: [String] = []
    for index in file.code.indices where file.code[index].contains("send(.\(action))") {
      guard
        let start = (max(0, index - 12)...index).reversed()
          .first(where: { file.code[$0].contains("TextCommand(") })
      else { continue }
      let end = file.balancedEnd(start)
      doomed.append(file.declarationStart(start)...end)
      let text = file.lines[start...end].joined(separator: " ")
      if let word = text.firstMatch(of: /TextCommand\(\s*"([^"]+)"/)?.1 {
        words.append(String(word))
      }
    }
    guard !doomed.isEmpty else { return }
    file.remove(doomed)
    for word in words { file = commandListDoc(file, without: word) }
    store(path, file, "the \(action) action, its reducer case and command")
  }

  /// The doc comment above `var commands` with `` `word` `` taken out of its list.
  private func commandListDoc(_ file: SourceLines, without word: String) -> SourceLines {
    guard let commands = file.code.indices.first(where: { file.code[$0].contains("var commands") })
    else { return file }
    var lines = file.lines
    var index = commands - 1
    while index >= 0, lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("///") {
      for form in ["`\(word)`, ", ", `\(word)`", "`\(word)`"] where lines[index].contains(form) {
        lines[index] = lines[index].replacingOccurrences(of: form, with: "")
        break
      }
      index -= 1
    }
    return SourceLines(lines.joined(separator: "\n"))
  }

  // MARK: Tests and transcripts

  /// The tests and helpers under `folder` whose code refers to what goes (``RemovedNames``:
  /// its modules, types, screen cases and actions, never a word in a string or a comment),
  /// then whatever uses a helper that went, until nothing more goes; the imports of `modules`;
  /// a test file left with no tests is deleted.
  mutating func removeTests(
    referringTo removed: RemovedNames, modules: Set<String>, under folder: String
  ) {
    // A suite that goes is a type no code can name any more.
    var names = removed
    let files = swiftFiles(under: folder)
    var hadTests: Set<String> = []
    for path in files where source(path).map(Self.hasTests) == true { hadTests.insert(path) }
    // The types each file declares: a helper is used through one of them (`Suite.helper`).
    var types: [String: Set<String>] = [:]
    for path in files { types[path] = source(path)?.typeNames ?? [] }
    // The helpers that went, by name, with the files that declared them.
    var gone: [String: Set<String>] = [:]
    var changed = true
    while changed {
      changed = false
      for path in files {
        guard var file = source(path) else { continue }
        // A suite (or any type) that says in its header what it stands on goes whole
        // (`@Suite(.standsOn(Fuga.self)) struct …`); then each declaration in what is left.
        let headed = file.topLevelTypes().filter {
          names.isReferred(in: file.code[$0.header].joined(separator: "\n"))
        }
        let suites = headed.map(\.declaration)
        let inSuites = Set(suites.flatMap { Array($0.lines) })
        let doomed =
          suites
          + file.declarations().filter { declaration in
            !inSuites.contains(declaration.lines.lowerBound)
              && (names.isReferred(in: file.code[declaration.lines].joined(separator: "\n"))
                || uses(gone, file: file, at: path, lines: declaration.lines, types: types))
          }
        guard !doomed.isEmpty else { continue }
        for suite in headed
        where !file.code[suite.header].contains(where: { $0.contains("extension ") }) {
          names.types.insert(suite.declaration.name)
        }
        file.remove(doomed.map(\.lines))
        store(path, file, "the tests that use it")
        // A helper that goes takes what uses it along.
        for declaration in doomed where !declaration.isTest {
          gone[declaration.name, default: []].insert(path)
        }
        changed = true
      }
    }
    for path in files {
      guard var file = source(path) else { continue }
      let imports = SwiftSourceScanner.imports(in: file.text).filter {
        modules.contains($0.module)
      }
      if !imports.isEmpty {
        file.remove(imports.map { ($0.line - 1)...($0.line - 1) })
        store(path, file, imports.map { "import \($0.module)" }.joined(separator: ", "))
      }
      if hadTests.contains(path), !Self.hasTests(file),
        !isNamedElsewhere(file, files: files, path: path)
      {
        plan.deletions.insert(path)
        plan.edits[path] = nil
        plan.reasons[path] = nil
      }
    }
  }

  /// Whether `lines` of `file` (at `path`) use one of `helpers` (by name, with the files that
  /// declare them): bare only in a declaring file, through a type only one of those declares.
  private func uses(
    _ helpers: [String: Set<String>], file: SourceLines, at path: String,
    lines: ClosedRange<Int>, types: [String: Set<String>]
  ) -> Bool {
    helpers.contains { name, paths in
      let owners = Set(paths.flatMap { types[$0] ?? [] })
      return file.uses([name], in: lines, owners: owners, bare: paths.contains(path))
    }
  }

  /// Whether another file's code names a type this file declares (`DemoEndToEndTests.demoPath`
  /// from another suite): then the file stays for its helpers, though its tests went.
  private mutating func isNamedElsewhere(_ file: SourceLines, files: [String], path: String)
    -> Bool
  {
    let types = file.typeNames
    return files.contains { other in
      guard other != path, let text = source(other) else { return false }
      return text.namesInCode(types, in: 0...max(0, text.code.count - 1))
    }
  }

  /// Whether a test file still declares a test.
  private static func hasTests(_ file: SourceLines) -> Bool {
    file.code.contains { $0.contains("@Test") || $0.contains("func test") }
  }

  /// Each golden transcript (`Tests/Transcripts/<name>.input` and `.expected`) whose expected
  /// output shows one of the screens titled `titles` (``TranscriptScreens``).
  mutating func removeTranscripts(showing titles: Set<String>) {
    let folder = url("Tests/Transcripts")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names.sorted() where name.hasSuffix(".expected") {
      let base = String(name.dropLast(".expected".count))
      let expected =
        (try? String(contentsOf: url("Tests/Transcripts/\(name)"), encoding: .utf8)) ?? ""
      guard !TranscriptScreens.titles(in: expected).isDisjoint(with: titles) else { continue }
      for path in ["\(base).input", "\(base).expected"].map({ "Tests/Transcripts/\($0)" })
      where FileManager.default.fileExists(atPath: url(path).path) {
        plan.deletions.insert(path)
      }
    }
  }

  /// After the plan, outside the removed package: refuses when code still refers to what goes
  /// (a use no rule here takes out, which would not build), naming the first such line; and
  /// lists the comments that still name its modules or types, for the person to read.
  mutating func findLeftovers(referringTo names: RemovedNames, module: String)
    throws(ArchCheckError)
  {
    let words = names.modules.union(names.types)
    var folders = ["App/Sources", "Tests", "Fuzz/Sources"]
    folders += FeatureRemover.featurePackages(root: root).filter { $0 != module }
      .map { "Packages/\($0)" }
    for folder in folders {
      for path in swiftFiles(under: folder) where !plan.deletions.contains(path) {
        guard let file = source(path) else { continue }
        for (index, line) in file.lines.enumerated() {
          if names.isReferred(in: file.code[index]) {
            throw .invalidInput(
              "\(path):\(index + 1) uses \(module) in code make remove-feature does not take "
                + "out (\(line.trimmingCharacters(in: .whitespaces))); remove that use, then run "
                + "make remove-feature again")
          }
          // A comment's text: what follows `//` where the code has none.
          guard let slash = line.range(of: "//"), !file.code[index].contains("//") else {
            continue
          }
          let comment = String(line[slash.upperBound...])
          if SourceLines.words(in: comment).contains(where: { words.contains($0) }) {
            plan.leftovers.append(
              "\(path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
          }
        }
      }
    }
  }
}
