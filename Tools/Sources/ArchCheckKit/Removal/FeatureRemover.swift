import Foundation

/// `archcheck remove-feature NAME` (`make remove-feature NAME=Fuga`): removes a feature package
/// and everything that names it, the undo of `make feature` and `make route`: its screens'
/// lines in the App's screen list and tab list, its entries in every manifest and its imports,
/// the routes other features have to its screens (the route case, the action that asks for it,
/// the reducer's case, the view's command and the command list's doc comment), the tests and
/// golden transcripts that name it; then regenerates. A feature that holds the first screen of
/// the list is refused. Like the scaffolders, it journals what it changes, so a run cut short
/// (Ctrl-C, `kill -9`) is undone by the next `archcheck` run.
public enum FeatureRemover {
  /// The plan for removing `name` (`Fuga`, `FugaFeature` or a screen's case name, `fuga`);
  /// throws a one-line reason, having read only, when it names no feature or must be refused.
  public static func plan(name raw: String, root: URL) throws(ArchCheckError) -> RemovalPlan {
    let root = root.standardizedFileURL
    _ = try Repo.packageDirectories(root: root)
    try LineEndings.requireLF(root: root, command: "make remove-feature")
    let features = featurePackages(root: root)
    let screens = try RouteScaffolder.screenList(root: root)
    let module = try resolve(raw, features: features, screens: screens, root: root)
    let name = String(module.dropLast("Feature".count))
    let declared = topLevelTypes(in: root.appendingPathComponent("Packages/\(module)/Sources"))
    let removed = screens.filter { declared.contains($0.reducer) }
    let listFile = try screenListFile(root: root)
    if let first = screens.first, removed.contains(first) {
      throw .invalidInput(
        "\(module) holds \(first.caseName), the first screen of the list, where the app opens; "
          + "move another screen's line to the top of the screen list in \(listFile) (and run "
          + "make generate), then remove \(name)")
    }
    var edit = PlanBuilder(root: root, plan: RemovalPlan(folder: "Packages/\(module)"))
    let caseNames = Set(removed.map(\.caseName))
    // What no longer exists once it is gone: its module, types (top level) and screens.
    var typeWords: Set<String> = [name, module, "\(name)Preview"]
    typeWords.formUnion(removed.map(\.reducer))
    typeWords.formUnion(declared)
    var words = typeWords.union(caseNames)

    let home = try edit.removeScreens(caseNames, listFile: listFile, feature: name)
    var routesGone = caseNames
    if let home { routesGone.remove(home.home) }
    edit.removeImports(of: module, under: ["App/Sources", "Fuzz/Sources"])
    edit.removeFromManifests(module)
    for feature in features where feature != module {
      if let home { edit.retargetHome(from: home.home, to: home.newHome, in: feature) }
      let actions = try edit.removeRoutes(to: routesGone, in: feature)
      typeWords.formUnion(actions)
      words.formUnion(actions)
    }
    var testFolders = features.filter { $0 != module }.map { "Packages/\($0)/Tests" }
    testFolders.append("Tests")
    for folder in testFolders {
      edit.removeTests(naming: words, typeWords: typeWords, module: module, under: folder)
    }
    edit.removeTranscripts(naming: words)
    var plan = edit.plan
    // Formatted as the repo's style wants (no blank lines left twice where a case went).
    let swiftEdits = plan.edits.filter { $0.key.hasSuffix(".swift") }
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("archcheck-remove-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let formatted = SourceFormatter.format(swiftEdits, root: root, scratch: scratch)
    plan.edits.merge(formatted.texts) { _, new in new }
    if let problem = formatted.problem { plan.leftovers.append(problem) }
    var leftovers = PlanBuilder(root: root, plan: plan)
    leftovers.findLeftovers(naming: words, module: module)
    return leftovers.plan
  }

  /// Removes the feature (or, with `dryRun`, only says what it would do); returns the lines for
  /// the person.
  public static func remove(name: String, root: URL, dryRun: Bool) throws(ArchCheckError)
    -> [String]
  {
    let root = root.standardizedFileURL
    let plan = try plan(name: name, root: root)
    guard !dryRun else {
      return plan.report(dryRun: true) + ["DRY_RUN=1: nothing was changed."]
    }
    let generated = try apply(plan, root: root)
    return plan.report(dryRun: false) + generated + ["Next: make build, make check and make test."]
  }

  /// The feature packages, by folder name (`FugaFeature`).
  static func featurePackages(root: URL) -> [String] {
    let packages = root.appendingPathComponent("Packages")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: packages.path)) ?? []
    return names.filter {
      $0.hasSuffix("Feature") && $0.count > "Feature".count
        && FileManager.default.fileExists(
          atPath: packages.appendingPathComponent("\($0)/Package.swift").path)
    }.sorted()
  }

  /// The package `raw` names: `Fuga`, `FugaFeature`, or the case name of a screen it declares.
  private static func resolve(
    _ raw: String, features: [String], screens: [RouteScaffolder.Screen], root: URL
  ) throws(ArchCheckError) -> String {
    if features.contains(raw) { return raw }
    if features.contains(raw + "Feature") { return raw + "Feature" }
    if let screen = screens.first(where: { $0.caseName == raw }) {
      for feature in features
      where topLevelTypes(in: root.appendingPathComponent("Packages/\(feature)/Sources"))
        .contains(screen.reducer)
      {
        return feature
      }
    }
    let names = features.map { String($0.dropLast("Feature".count)) }.joined(separator: ", ")
    throw .invalidInput(
      "NAME=\(raw) names no feature package under Packages/; name one of \(names)")
  }

  /// The types a package's sources declare at the top level (`ItemList`, `ItemsPanel`), which
  /// no other module can name once the package is gone; nested ones (`Route`) are left out.
  static func topLevelTypes(in folder: URL) -> Set<String> {
    var names: Set<String> = []
    for file in ImportRules.swiftFiles(in: folder) {
      guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
      for line in SwiftSourceScanner.codeOnly(text).split(separator: "\n") {
        guard
          let match = line.firstMatch(
            of:
              /^(?:(?:public|internal|package|final)\s+)*(?:struct|enum|class|actor|typealias|protocol)\s+(\w+)/
          )
        else { continue }
        names.insert(String(match.output.1))
      }
    }
    return names
  }

  /// The App file that declares the screen list, from the root.
  private static func screenListFile(root: URL) throws(ArchCheckError) -> String {
    for file in ImportRules.swiftFiles(in: root.appendingPathComponent("App/Sources"))
    where !file.lastPathComponent.hasSuffix(".generated.swift") {
      if let text = try? String(contentsOf: file, encoding: .utf8), text.contains(": ScreenList") {
        return Repo.relativePath(of: file, root: root)
      }
    }
    throw .invalidInput("the App has no screen list (an enum conforming to ScreenList)")
  }

  /// Writes the plan: the package folder moved aside first, then each file replaced or deleted
  /// with Ctrl-C held off, then everything generated written again; all of it journaled until
  /// done (a run stopped before then is undone by the next), and put back if a step fails.
  /// Returns `make generate`'s lines.
  private static func apply(_ plan: RemovalPlan, root: URL) throws(ArchCheckError) -> [String] {
    let holding = ".build-archcheck/removing-\(UUID().uuidString)"
    var originals: [String: String?] = [:]
    let touched = Set(plan.edits.keys).union(plan.deletions).union(RemovalJournal.derivedFiles)
    for path in touched {
      originals.updateValue(
        try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8), forKey: path)
    }
    let journal = EditJournal(
      originals: originals, createdFolders: [], movedFolders: [plan.folder: holding])
    try journal.begin(root: root)
    defer { EditJournal.end(root: root) }
    try FileWriter.withInterruptsHeld { () throws(ArchCheckError) in
      do throws(ArchCheckError) {
        guard
          rename(
            root.appendingPathComponent(plan.folder).path,
            root.appendingPathComponent(holding).path) == 0
        else {
          throw .file("cannot move \(plan.folder) aside: \(String(cString: strerror(errno)))")
        }
        for (path, text) in plan.edits.sorted(by: { $0.key < $1.key }) {
          try FileWriter.replace(root.appendingPathComponent(path), with: text)
        }
        for path in plan.deletions.sorted() {
          try? FileManager.default.removeItem(at: root.appendingPathComponent(path))
        }
      } catch {
        journal.undo(root: root)
        throw error
      }
    }
    let generated: [String]
    do throws(ArchCheckError) {
      generated = try ArchCheck.generate(root: root).filter { !$0.hasSuffix(" are current") }
    } catch {
      journal.undo(root: root)
      throw error
    }
    try? FileManager.default.removeItem(at: root.appendingPathComponent(holding))
    return generated
  }
}

/// The files `make generate` rewrites from the sources, which a removal changes too: kept in
/// its journal so an undone removal leaves them as they were.
enum RemovalJournal {
  static let derivedFiles = [
    "Package.swift", "Switchyard.xcworkspace/contents.xcworkspacedata",
    "Switchyard.code-workspace", GraphDocument.path,
  ]
}
