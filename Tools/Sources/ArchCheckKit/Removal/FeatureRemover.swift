import Foundation

/// `archcheck remove-feature NAME` (`make remove-feature NAME=Fuga`): removes a feature package
/// and what refers to it in code, the undo of `make feature` and `make route`: its screens'
/// lines in the App's screen list and tab list, its entries in every manifest and its imports,
/// the routes other features have to its screens (the route case, the action that asks for it,
/// the reducer's case, the view's command and the command list's doc comment), the tests whose
/// code uses it (``RemovedNames``) and the golden transcripts that show its screens
/// (``TranscriptScreens``); then regenerates, and with a check command builds and tests the
/// result (``EditCheck``, ``CompilerRepair``). A feature that holds the first screen of the
/// list, or every tab, is refused. Like the scaffolders, it journals what it changes, so a run
/// cut short (Ctrl-C, `kill -9`) is undone by the next `archcheck` run, or finished when it had
/// marked its journal done.
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
    // What no longer exists once it is gone, as code names it.
    var names = RemovedNames()
    names.modules = modules(of: module, root: root)
    names.types = declared.union(removed.map(\.reducer))
    names.cases = caseNames
    let listText = (try? String(contentsOf: root.appendingPathComponent(listFile), encoding: .utf8))
    for match in SwiftSourceScanner.codeOnly(listText ?? "").matches(
      of: /enum\s+(\w+)\s*:[^{]*\b(?:ScreenList|TabList)\b/)
    {
      names.caseOwners.insert(String(match.output.1))
    }

    let home = try edit.removeScreens(caseNames, listFile: listFile, feature: name)
    var routesGone = caseNames
    if let home { routesGone.remove(home.home) }
    if edit.removeImports(of: module, under: ["App/Sources", "Fuzz/Sources"]) {
      names.rewritten.formUnion(EmptyEntryPanel.typeNames)
    }
    edit.removeFromManifests(module)
    for feature in features where feature != module {
      if let home { edit.retargetHome(from: home.home, to: home.newHome, in: feature) }
      names.actions.formUnion(try edit.removeRoutes(to: routesGone, in: feature))
    }
    var testFolders = features.filter { $0 != module }.map { "Packages/\($0)/Tests" }
    testFolders.append("Tests")
    for folder in testFolders {
      edit.removeTests(referringTo: names, modules: names.modules, under: folder)
    }
    edit.removeTranscripts(
      showing: TranscriptScreens.titles(
        of: Set(removed.map(\.reducer)),
        under: root.appendingPathComponent("Packages/\(module)/Sources")))
    var plan = edit.plan
    plan.names = names
    // Formatted as the repo's style wants (no blank lines left twice where a case went), and
    // parsed: an edit that would not parse is refused before anything is written.
    let swiftEdits = plan.edits.filter { $0.key.hasSuffix(".swift") }
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("archcheck-remove-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let formatted = SourceFormatter.format(swiftEdits, root: root, scratch: scratch)
    plan.edits.merge(formatted.texts) { _, new in new }
    let edited = plan.edits.filter { $0.key.hasSuffix(".swift") }
    if let error = SourceParseCheck.firstError(in: edited, scratch: scratch) {
      throw .invalidInput(
        "removing \(name) would leave \(error); nothing was changed: edit that file so the "
          + "removal can take its part out, then run make remove-feature again")
    }
    if let problem = formatted.problem { plan.leftovers.append(problem) }
    var leftovers = PlanBuilder(root: root, plan: plan)
    try leftovers.findLeftovers(referringTo: names, module: module)
    return leftovers.plan
  }

  /// The modules of the feature's package: its module and every other target's (the folders
  /// of its `Sources`, such as `FugaPreview`), which no other module can import once it goes.
  private static func modules(of module: String, root: URL) -> Set<String> {
    let sources = root.appendingPathComponent("Packages/\(module)/Sources")
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
    return Set(folders.filter { !$0.hasPrefix(".") }).union([module])
  }

  /// Removes the feature (or, with `dryRun`, only says what it would do); returns the lines for
  /// the person. With `verify` (a shell command: what `make remove-feature` passes, a build of
  /// the workspace and its tests that records the golden transcripts again), the removal is
  /// kept only when the command succeeds afterwards, after taking out, a few rounds at most,
  /// the tests the build rejects for a name that went; any other failure puts everything back.
  public static func remove(name: String, root: URL, dryRun: Bool, verify: String? = nil)
    throws(ArchCheckError) -> [String]
  {
    let root = root.standardizedFileURL
    let plan = try plan(name: name, root: root)
    guard !dryRun else {
      var lines = plan.report(dryRun: true)
      if verify != nil {
        lines.append(
          "would then build the app and its tests and run the golden transcripts: a test the "
            + "build rejects for a name that went is taken out, a transcript whose output the "
            + "removal changes is recorded again (each is listed), and any other failure puts "
            + "all back")
      }
      return lines + ["DRY_RUN=1: nothing was changed."]
    }
    let applied = try apply(plan, root: root, verify: verify)
    return plan.report(dryRun: false) + applied + ["Next: make check and make test."]
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
  /// with Ctrl-C held off, then everything generated written again, then `verify` run; all of
  /// it journaled (a run stopped before then is undone by the next), and put back if a step
  /// fails. Only then is the journal marked done and the folder deleted: a run stopped while
  /// it deletes is finished by the next. Returns `make generate`'s lines and the transcripts
  /// recorded again.
  private static func apply(_ plan: RemovalPlan, root: URL, verify: String?)
    throws(ArchCheckError) -> [String]
  {
    let holding = ".build-archcheck/removing-\(UUID().uuidString)"
    var originals: [String: String?] = [:]
    let transcripts = verify == nil ? [] : GoldenTranscripts.transcripts(root: root)
    let touched = Set(plan.edits.keys).union(plan.deletions).union(EditJournal.derivedFiles)
      .union(transcripts)
    for path in touched {
      originals.updateValue(
        try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8), forKey: path)
    }
    var journal = EditJournal(
      originals: originals, createdFolders: [], movedFolders: [plan.folder: holding])
    try journal.begin(root: root)
    defer { EditJournal.end(root: root) }
    var lines: [String]
    do throws(ArchCheckError) {
      try FileWriter.withInterruptsHeld { () throws(ArchCheckError) in
        WriteSteps.step()
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
          try FileWriter.remove(root.appendingPathComponent(path))
        }
      }
      lines = try ArchCheck.generate(root: root).filter { !$0.hasSuffix(" are current") }
      if let verify {
        lines += try check(verify, plan: plan, journal: &journal, root: root)
        lines += GoldenTranscripts.recorded(transcripts, originals: originals, root: root)
      }
    } catch {
      journal.undo(root: root)
      throw error
    }
    try journal.commit(root: root)
    return lines
  }
}

extension FeatureRemover {
  /// Runs the check after a removal; where the build rejects a test or a helper for a name
  /// that went (``CompilerRepair``), takes it out, journaled, and checks again, a few rounds at
  /// most. Throws one line when the check fails otherwise. Returns what it took out.
  fileprivate static func check(
    _ command: String, plan: RemovalPlan, journal: inout EditJournal, root: URL
  ) throws(ArchCheckError) -> [String] {
    var report: [String] = []
    var helpers: Set<String> = []
    for _ in 0..<4 {
      let outcome = try EditCheck.run(command, root: root, edit: "removing \(plan.folder)")
      if outcome.succeeded { return report }
      var repair = try CompilerRepair.plan(
        output: outcome.output, names: plan.names, helpers: helpers, root: root
      ).get()
      // Formatted as the repo's style wants, like the plan's edits.
      let scratch = FileManager.default.temporaryDirectory
        .appendingPathComponent("archcheck-repair-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: scratch) }
      repair.edits.merge(SourceFormatter.format(repair.edits, root: root, scratch: scratch).texts) {
        _, formatted in formatted
      }
      if let error = SourceParseCheck.firstError(in: repair.edits, scratch: scratch) {
        throw .invalidInput(
          "taking out what the build rejected would leave \(error); everything is back as it "
            + "was: remove those tests by hand, then run make remove-feature again")
      }
      for path in repair.edits.keys where journal.originals[path] == nil {
        journal.originals[path] = try? String(
          contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      }
      try journal.begin(root: root)
      try FileWriter.withInterruptsHeld { () throws(ArchCheckError) in
        for (path, text) in repair.edits.sorted(by: { $0.key < $1.key }) {
          try FileWriter.replace(root.appendingPathComponent(path), with: text)
        }
      }
      report += repair.report
      helpers.formUnion(repair.helpers)
    }
    throw .invalidInput(
      "the build after removing \(plan.folder) still fails after taking out the tests it "
        + "rejected; everything is back as it was")
  }
}
