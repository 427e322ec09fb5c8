import Foundation

/// `archcheck new-route FROM TO` (`make route FROM=Hoge TO=Piyo`): lets feature FROM open the
/// screen TO of the App's list. It writes, in FROM's package, the route case (`case piyo` in
/// `Hoge.Route`), the action (`case piyoTapped`), the reducer's case (it asks for the push), the
/// view's command (`piyo`) and a `TestStore` test of the request, then regenerates, so the
/// App's route table maps it to the screen and the router carries it out. No markers: it finds each place by what it is.
///
/// Nothing is written unless every place is found and nothing of the route exists yet; the
/// files are formatted in memory, then each is replaced atomically with Ctrl-C held off, and if
/// a step fails everything written so far is put back.
public enum RouteScaffolder {
  /// A screen of the App's list: its case name and its reducer's type name.
  struct Screen: Equatable {
    let caseName: String
    let reducer: String
  }

  /// Adds the route; returns what was done, for the person. Throws a one-line reason, having
  /// written nothing, for an unknown feature or screen, a route that exists, or a source
  /// where a place cannot be found. With `verify` (a shell command: what `make route` passes,
  /// a build of the workspace and its tests that records the golden transcripts again, so one
  /// that lists the screen's commands is brought up to date), the route is kept only when the
  /// command succeeds; otherwise everything is put back.
  public static func add(
    from rawFrom: String, to rawTo: String, root: URL, verify: String? = nil
  ) throws(ArchCheckError) -> [String] {
    let root = root.standardizedFileURL
    _ = try Repo.packageDirectories(root: root)
    try LineEndings.requireLF(root: root, command: "make route")
    let screens = try screenList(root: root)
    let names = screens.map(\.caseName).joined(separator: ", ")
    guard let target = screens.first(where: { $0.reducer == rawTo || $0.caseName == rawTo }) else {
      throw .invalidInput(
        "TO=\(rawTo) is not a screen of the App's list (\(names)); add it with make feature "
          + "NAME=\(rawTo), or name one of those")
    }
    let from = screens.first { $0.caseName == rawFrom }?.reducer ?? rawFrom
    guard (try? FeatureName(from)) != nil || screens.contains(where: { $0.reducer == from }) else {
      throw .invalidInput("FROM=\(rawFrom) is not a feature name; name one, like Hoge")
    }
    // The package that declares the screen: its own (`HogeFeature`), or another feature's
    // (Setup, in SignInFeature).
    let module = package(declaring: from, root: root) ?? "\(from)Feature"
    let folder = "Packages/\(module)/Sources/\(module)"
    let reducerPath = "\(folder)/\(from).swift"
    let viewPath = "\(folder)/\(from)View.swift"
    let testPath =
      "Packages/\(module)/Tests/\(module)Tests/\(from)To\(target.reducer)RouteTests.swift"
    let reducerText = try read(reducerPath, root: root, missing: "FROM=\(rawFrom) names no feature")
    let viewText = try read(viewPath, root: root, missing: "\(from) has no view file")
    if FileManager.default.fileExists(atPath: root.appendingPathComponent(testPath).path) {
      throw .invalidInput(
        "\(testPath) already exists; \(from) already routes to \(target.caseName)")
    }

    if let parameters = requiredArguments(of: target.reducer, root: root) {
      throw .invalidInput(
        "\(target.reducer).State has no init that takes no arguments, so a route cannot build it "
          + "alone; write the route with values by hand (case \(target.caseName)(\(parameters)) in "
          + "\(from).Route; CONTRIBUTING.md, \"Adding a screen\"), or give the state defaults")
    }
    let action = target.caseName + "Tapped"
    var edit = RouteEdit(path: reducerPath, text: reducerText)
    try edit.addRouteCase(target.caseName, of: from, opening: target.reducer)
    try edit.addActionCase(action, opening: target.reducer)
    let asking = edit.asking
    try edit.addReducerCase(action, route: target.caseName, asking: asking)
    if asking == .dependency { try edit.addNavigateDependency(to: from) }
    var viewEdit = RouteEdit(path: viewPath, text: viewText)
    try viewEdit.addCommand(target.caseName, action: action, opening: target.reducer)
    let texts = [
      reducerPath: edit.text, viewPath: viewEdit.text,
      testPath: test(
        from: from, module: module, target: target, action: action, asking: asking, root: root),
    ]
    let recorded = try write(
      texts, root: root, verify: verify, route: "\(from) → \(target.reducer)")
    return recorded + [
      "updated \(reducerPath) (\(from).Route.\(target.caseName), \(from).Action.\(action), its case)",
      "updated \(viewPath) (the \(target.caseName) command)",
      "created \(testPath)",
      "Next: make check, make test (\(from)To\(target.reducer)RouteTests) and make run, where "
        + "\(target.caseName) on \(from) opens \(target.reducer).",
    ]
  }

  /// When the screen's `State` (in `Packages/*Feature/Sources/*Feature/<Reducer>.swift`)
  /// declares inits and none can be called with no arguments, the first one's parameters
  /// (`name: String`); nil when one can, or the file or the state is not found (the build then
  /// says what is wrong).
  static func requiredArguments(of reducer: String, root: URL) -> String? {
    let packages = root.appendingPathComponent("Packages")
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: packages.path)) ?? []
    for folder in folders.sorted() where folder.hasSuffix("Feature") {
      let file = packages.appendingPathComponent("\(folder)/Sources/\(folder)/\(reducer).swift")
      guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
      let code = SwiftSourceScanner.codeOnly(text)
      guard let state = code.range(of: "struct State") else { return nil }
      let inits = initParameterLists(in: code[state.upperBound...])
      guard let first = inits.first, !inits.contains(where: { Self.allDefaulted($0) }) else {
        return nil
      }
      return first.split(whereSeparator: \.isNewline)
        .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
    return nil
  }

  /// The parameter lists of the `init(`s in the body that starts at `text`'s first `{`.
  private static func initParameterLists(in text: Substring) -> [String] {
    var lists: [String] = []
    var depth = 0
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "{" { depth += 1 }
      if character == "}" {
        depth -= 1
        if depth == 0 { break }
      }
      let startsWord =
        index == text.startIndex || !text[text.index(before: index)].isLetter
      if depth == 1, startsWord, text[index...].hasPrefix("init(") {
        var parentheses = 0
        var list = ""
        for inner in text[text.index(index, offsetBy: 4)...] {
          if inner == "(" { parentheses += 1 }
          if inner == ")" { parentheses -= 1 }
          list.append(inner)
          if parentheses == 0 { break }
        }
        lists.append(String(list.dropFirst().dropLast()))
      }
      index = text.index(after: index)
    }
    return lists
  }

  /// Whether every parameter in `list` (`name: String = "", count: Int = 0`) has a default.
  private static func allDefaulted(_ list: String) -> Bool {
    RouteEdit.topLevelParts(of: list).allSatisfy {
      $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || $0.contains("=")
    }
  }

  /// The cases of the App's `ScreenList` enum.
  static func screenList(root: URL) throws(ArchCheckError) -> [Screen] {
    guard let list = appEnum(conformingTo: "ScreenList", root: root) else {
      throw .invalidInput(
        "the App has no screen list (an enum conforming to ScreenList under App/Sources); is "
          + "this the Switchyard repo?")
    }
    return list.cases.compactMap { enumCase in
      enumCase.values.first.map { Screen(caseName: enumCase.name, reducer: $0.type) }
    }
  }

  /// The first case of the App's `TabList` enum, if it has one.
  static func firstTab(root: URL) -> String? {
    appEnum(conformingTo: "TabList", root: root)?.cases.first?.name
  }

  /// The enum of the App's hand-written sources that conforms to `protocolName`.
  private static func appEnum(conformingTo protocolName: String, root: URL)
    -> CasePathableScanner.Enum?
  {
    let sources = ImportRules.swiftFiles(in: root.appendingPathComponent("App/Sources"))
    for source in sources where !source.lastPathComponent.hasSuffix(CasePathGenerator.fileSuffix) {
      guard let text = try? String(contentsOf: source, encoding: .utf8),
        let enums = try? CasePathableScanner.enums(in: text),
        let found = enums.first(where: { $0.protocols.contains(protocolName) })
      else { continue }
      return found
    }
    return nil
  }

  private static func read(_ path: String, root: URL, missing: String) throws(ArchCheckError)
    -> String
  {
    guard let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    else {
      throw .invalidInput("\(missing): cannot read \(path)")
    }
    return text
  }

  /// The test of the new request: sending the action asks the App for the screen.
  private static func test(
    from: String, module: String, target: Screen, action: String, asking: RouteEdit.Asking,
    root: URL
  ) -> String {
    let name = module.dropLast("Feature".count)
    let preview = "Packages/\(module)/Sources/\(name)Preview/main.swift"
    let previewText =
      (try? String(contentsOf: root.appendingPathComponent(preview), encoding: .utf8)) ?? ""
    // The preview's state, when the preview shows this screen (SignIn's shows SignIn, not
    // Setup); else one the package's tests already build (`Setup.State(name: "Ann")`).
    let state =
      initialState(inPreview: previewText).flatMap { $0.hasPrefix("\(from).") ? $0 : nil }
      ?? stateBuilt(of: from, inTestsOf: module, root: root) ?? "\(from).State()"
    let imports =
      asking == .dependency ? "import CoreRouting\nimport CoreTesting" : "import CoreTesting"
    let receive =
      asking == .dependency
      ? "await store.receiveNavigation(.push(\(from).Route.\(target.caseName)))"
      : "await store.receive(.delegate(.navigate(.push(.\(target.caseName)))))"
    return """
      \(imports)
      import \(module)
      import Testing

      @MainActor
      @Suite("\(from) opens \(target.reducer)")
      struct \(from)To\(target.reducer)RouteTests {
        @Test("\(target.caseName) asks the App to push the \(target.reducer) screen")
        func asksForTheScreen() async {
          let store = TestStore(initialState: \(state)) {
            \(from)()
          }
          await store.send(.\(action))
          \(receive)
          await store.finish()
        }
      }

      """
  }

  /// The feature package whose sources declare the type `reducer` at the top level, by folder
  /// name, or nil when none does.
  static func package(declaring reducer: String, root: URL) -> String? {
    for feature in FeatureRemover.featurePackages(root: root) {
      let sources = root.appendingPathComponent("Packages/\(feature)/Sources")
      if FeatureRemover.topLevelTypes(in: sources).contains(reducer) { return feature }
    }
    return nil
  }

  /// The first `From.State(…)` the package's tests build on one line, arguments and all; nil
  /// when they build none.
  static func stateBuilt(of reducer: String, inTestsOf module: String, root: URL) -> String? {
    let folder = root.appendingPathComponent("Packages/\(module)/Tests")
    for file in ImportRules.swiftFiles(in: folder).sorted(by: { $0.path < $1.path }) {
      guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
      for line in text.split(separator: "\n") {
        guard let start = line.range(of: "\(reducer).State(") else { continue }
        var depth = 0
        var expression = ""
        for character in line[start.lowerBound...] {
          expression.append(character)
          if character == "(" { depth += 1 }
          if character == ")" {
            depth -= 1
            if depth == 0 { return expression }
          }
        }
      }
    }
    return nil
  }

  /// The state a feature's preview starts from (`Console(initialState: Fuga.State(name: "x"))`),
  /// so the test builds one the way the feature already does.
  static func initialState(inPreview text: String) -> String? {
    guard let start = text.range(of: "initialState: ") else { return nil }
    var depth = 0
    var expression = ""
    for character in text[start.upperBound...] {
      if character == "(" { depth += 1 }
      if character == ")" {
        if depth == 0 { break }
        depth -= 1
      }
      if character == "\n" { return nil }
      expression.append(character)
    }
    return expression.isEmpty ? nil : expression
  }

  /// Formats the texts in memory, then replaces each file atomically with Ctrl-C held off; if
  /// one fails, puts back what was written, then generates the App's code. Then runs `verify`,
  /// all of it journaled, and puts everything back when it fails. Returns a line for each
  /// golden transcript the check recorded again.
  private static func write(
    _ texts: [String: String], root: URL, verify: String?, route: String
  ) throws(ArchCheckError) -> [String] {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("archcheck-route-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let formatted = SourceFormatter.format(texts, root: root, scratch: scratch).texts
    // Never leave a file that does not parse: a declaration laid out in a way the edit did not
    // foresee is refused here, before anything is written.
    if let error = SourceParseCheck.firstError(in: formatted, scratch: scratch) {
      throw .invalidInput(
        "the route would leave \(error); nothing was written: add the route by hand "
          + "(CONTRIBUTING.md, \"Adding a screen\"), or lay the declaration out as make feature does"
      )
    }
    var originals: [String: String?] = [:]
    for path in texts.keys {
      // updateValue keeps a file that does not exist yet as nil (to remove on recovery);
      // `originals[path] = nil` would drop it from the journal.
      originals.updateValue(
        try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8), forKey: path)
    }
    let transcripts = verify == nil ? [] : GoldenTranscripts.transcripts(root: root)
    for path in transcripts {
      originals.updateValue(
        try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8), forKey: path)
    }
    // The folders the new files need that are not there yet (a package's first test): made,
    // so taken away again when the route is undone.
    var created: Set<String> = []
    for path in texts.keys {
      var folder = (path as NSString).deletingLastPathComponent
      var missing: String?
      while !folder.isEmpty,
        !FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path)
      {
        missing = folder
        folder = (folder as NSString).deletingLastPathComponent
      }
      if let missing { created.insert(missing) }
    }
    let journal = EditJournal(originals: originals, createdFolders: created.sorted())
    try journal.begin(root: root)
    defer { EditJournal.end(root: root) }
    try FileWriter.withInterruptsHeld { () throws(ArchCheckError) in
      var written: [String] = []
      do throws(ArchCheckError) {
        for (path, text) in formatted.sorted(by: { $0.key < $1.key }) {
          try FileWriter.replaceCreatingFolder(root.appendingPathComponent(path), with: text)
          written.append(path)
        }
        _ = try GeneratedSources.write(root: root)
      } catch {
        for path in written {
          let url = root.appendingPathComponent(path)
          if let original = originals[path] ?? nil {
            try? FileWriter.replace(url, with: original)
          } else {
            try? FileManager.default.removeItem(at: url)
          }
        }
        throw error
      }
    }
    guard let verify else { return [] }
    do throws(ArchCheckError) {
      let outcome = try EditCheck.run(verify, root: root, edit: "adding the route \(route)")
      guard outcome.succeeded else {
        throw .invalidInput(
          "the build and tests after adding the route \(route) failed (the output above says "
            + "why); everything is back as it was")
      }
    } catch {
      journal.undo(root: root)
      throw error
    }
    return GoldenTranscripts.recorded(transcripts, originals: originals, root: root)
  }
}
