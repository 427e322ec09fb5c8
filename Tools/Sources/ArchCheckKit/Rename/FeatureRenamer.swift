import Foundation

/// `archcheck rename-feature FROM TO` (`make rename-feature FROM=Hoge TO=Profile`): turns an
/// example screen into one of the person's own. The package folder and its files are renamed
/// (`Packages/ProfileFeature/Sources/ProfileFeature/Profile.swift`), and so are the names the
/// declarations give (``RenamedNames``: modules, types, the screen's case, the route cases and
/// actions that ask for it) everywhere the App's code can see them: the feature packages, the
/// App, `Tests/` and `Fuzz/`. Strings and comments are renamed where the code beside them uses
/// those names (``RenamedLines``: a command's word, a test's script, a link), in the package
/// itself, its manifest entries, and the golden transcripts that show its screens. The docs
/// are prose: the lines that still say the old name are listed, not rewritten.
///
/// The new name is checked as `make feature` checks one, and refused when any of those texts
/// already has a word that starts with it: so a rename is undone exactly by renaming back.
/// Like the other scaffolders it journals what it changes, regenerates, and with a check
/// command builds and tests the result, putting everything back when that fails.
public enum FeatureRenamer {
  /// The plan for renaming the feature `rawFrom` (`Hoge` or `HogeFeature`) to `rawTo`
  /// (`Profile`); throws a one-line reason, having read only, when it must be refused.
  public static func plan(from rawFrom: String, to rawTo: String, root: URL)
    throws(ArchCheckError) -> RenamePlan
  {
    let root = root.standardizedFileURL
    _ = try Repo.packageDirectories(root: root)
    try LineEndings.requireLF(root: root, command: "make rename-feature")
    let features = FeatureRemover.featurePackages(root: root)
    let module =
      features.contains(rawFrom)
      ? rawFrom : features.contains(rawFrom + "Feature") ? rawFrom + "Feature" : nil
    guard let module else {
      let names = features.map { String($0.dropLast("Feature".count)) }.joined(separator: ", ")
      throw .invalidInput(
        "FROM=\(rawFrom) names no feature package under Packages/; name one of \(names)")
    }
    let from = String(module.dropLast("Feature".count))
    let feature = try FeatureName(rawTo)
    guard feature.name != from else {
      throw .invalidInput("\(from) is already called \(rawTo); give a new name as TO")
    }
    try NameClashes.check(feature, root: root)
    let names = try RenamedNames.read(from: from, to: feature.name, root: root)
    // Renaming back renames what starts with the new name: nothing may already.
    for name in names.declared.sorted()
    where RenamedNames.renamed(name, from: feature.name, to: from) != nil {
      throw .invalidInput(
        "TO=\(feature.name): \(module) already has \(name), which renaming back would take "
          + "along; choose another name, or rename that first")
    }
    var plan = RenamePlan(folder: "Packages/\(module)", newFolder: "Packages/\(feature.module)")
    plan.renames = names.map
    let check = Collisions(targets: names.targets, to: feature.name)
    let layouts = RenameLayouts.read(root: root)
    try renamePackage(into: &plan, names: names, root: root, check: check, layouts: layouts)
    for path in Self.scope(root: root, skipping: plan.folder) {
      guard let file = read(path, root: root) else { continue }
      let text = layouts.base(of: file, at: path)
      let renamed: String
      if path.hasSuffix("Package.swift") {
        try check.words(in: text, lines: nil, path: path)
        renamed = names.words.apply(to: text)
      } else {
        try check.code(of: text, path: path)
        let marked = RenamedLines.marked(in: text, names: Set(names.map.keys))
        try check.words(in: text, lines: marked, path: path)
        // A comment that says an old name away from code that uses it: listed, not renamed.
        for (index, line) in text.components(separatedBy: "\n").enumerated()
        where !marked.contains(index)
          && WordRenames.words(in: line).contains(where: { names.map[$0] != nil })
        {
          plan.commentLeftovers.append("\(path):\(index + 1)")
        }
        renamed = RenamedLines.rename(text, with: names.words) ?? text
      }
      if renamed != file { plan.edits[path] = renamed }
    }
    let reducers = FeatureRemover.topLevelTypes(
      in: root.appendingPathComponent("\(plan.folder)/Sources"))
    let titles = TranscriptScreens.titles(
      of: reducers, under: root.appendingPathComponent("\(plan.folder)/Sources"))
    for expected in GoldenTranscripts.transcripts(root: root) {
      guard let text = read(expected, root: root),
        !TranscriptScreens.titles(in: text).isDisjoint(with: titles)
      else { continue }
      let input = String(expected.dropLast(".expected".count)) + ".input"
      for path in [expected, input] {
        guard let text = read(path, root: root) else { continue }
        try check.words(in: text, lines: nil, path: path)
        let renamed = names.words.apply(to: text)
        if renamed != text { plan.edits[path] = renamed }
      }
    }
    plan.leftovers = Self.docsNaming(names, root: root, skipping: plan.folder)
    try formatAndParse(&plan, root: root)
    return plan
  }

  /// Formats the Swift files the plan writes as the repo's style wants (imports sorted where
  /// the new name falls, lines wrapped), each one that was formatted before (a file in a style
  /// of its own keeps it, so renaming back restores it), and refuses the plan when one would
  /// not parse.
  private static func formatAndParse(_ plan: inout RenamePlan, root: URL) throws(ArchCheckError) {
    var swift = plan.edits.filter { $0.key.hasSuffix(".swift") }
    for (path, data) in plan.packageFiles where path.hasSuffix(".swift") {
      if let text = String(data: data, encoding: .utf8) { swift[path] = text }
    }
    // Each file as it was, under a name of its own beside the new text.
    var before: [String: String] = [:]
    for path in swift.keys {
      let old = plan.originalPaths[path] ?? path
      if let text = read(old, root: root) { before["before/" + path] = text }
    }
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("archcheck-rename-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let formatted = SourceFormatter.format(
      swift.merging(before) { new, _ in new }, root: root, scratch: scratch)
    if let problem = formatted.problem { throw .invalidInput("\(problem); nothing was changed") }
    var texts: [String: String] = [:]
    for (path, text) in swift {
      let original = before["before/" + path]
      let wasFormatted = original == nil || formatted.texts["before/" + path] == original
      texts[path] = wasFormatted ? formatted.texts[path] ?? text : text
    }
    if let error = SourceParseCheck.firstError(in: texts, scratch: scratch) {
      throw .invalidInput(
        "renaming would leave \(error); nothing was changed: rename that declaration by hand")
    }
    for (path, text) in texts {
      if text != swift[path] {
        plan.layouts[path] = RenameLayouts.Layout(formatted: text, unformatted: swift[path] ?? text)
      }
      if plan.packageFiles[path] != nil {
        plan.packageFiles[path] = Data(text.utf8)
      } else {
        plan.edits[path] = text
      }
    }
  }

  /// The Swift files and manifests the App's code can see the feature from (the feature
  /// packages, the App, `Tests/`, `Fuzz/`), generated files and build folders left out, and
  /// the package `skipping` too; from the root.
  static func scope(root: URL, skipping package: String) -> [String] {
    var folders = FeatureRemover.featurePackages(root: root).map { "Packages/\($0)" }
    folders += ["App", "Tests", "Fuzz"]
    var paths: [String] = []
    for folder in folders where folder != package {
      let url = root.appendingPathComponent(folder)
      for file in ImportRules.swiftFiles(in: url)
      where !file.lastPathComponent.hasSuffix(".generated.swift") {
        paths.append(Repo.relativePath(of: file, root: root))
      }
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        paths.append("\(folder)/Package.swift")
      }
    }
    return Array(Set(paths)).sorted()
  }

  /// The lines of the Markdown files (the package's own left out) that say one of the old
  /// names, as `path:line`.
  private static func docsNaming(_ names: RenamedNames, root: URL, skipping package: String)
    -> [String]
  {
    var lines: [String] = []
    guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
    var paths: [String] = []
    while let path = enumerator.nextObject() as? String {
      let name = (path as NSString).lastPathComponent
      // The changelog is history: it keeps the names things had; the module graph is
      // generated again.
      if name.hasPrefix(".build") || name == ".git" || path == package || name == "CHANGELOG.md"
        || path == GraphDocument.path
      {
        enumerator.skipDescendants()
      } else if name.hasSuffix(".md") {
        paths.append(path)
      }
    }
    for path in paths.sorted() {
      guard let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      else { continue }
      for (index, line) in text.components(separatedBy: "\n").enumerated()
      where WordRenames.words(in: line).contains(where: { names.map[$0] != nil }) {
        lines.append("\(path):\(index + 1)")
      }
    }
    return lines
  }

  /// Renames the feature (or, with `dryRun`, only says what it would do); returns the lines for
  /// the person. With `verify` (what `make rename-feature` passes: a build of the workspace and
  /// its tests that records the golden transcripts again), the rename is kept only when the
  /// command succeeds; otherwise everything is put back.
  public static func rename(
    from: String, to: String, root: URL, dryRun: Bool, verify: String? = nil
  ) throws(ArchCheckError) -> [String] {
    let root = root.standardizedFileURL
    let plan = try plan(from: from, to: to, root: root)
    guard !dryRun else {
      var lines = plan.report(dryRun: true)
      if verify != nil {
        lines.append(
          "would then build the app and its tests and record the golden transcripts (each one "
            + "whose output changes is listed); a failure puts all back")
      }
      return lines + ["DRY_RUN=1: nothing was changed."]
    }
    let applied = try apply(plan, root: root, verify: verify)
    return plan.report(dryRun: false) + applied + ["Next: make check and make test."]
  }

  /// Writes the plan, journaled like a removal: the new package folder written, the old one
  /// moved aside, each file replaced, with Ctrl-C held off; then everything generated written
  /// again and `verify` run, and all of it put back if a step fails. Only then is the journal
  /// marked done and the old folder deleted.
  private static func apply(_ plan: RenamePlan, root: URL, verify: String?)
    throws(ArchCheckError) -> [String]
  {
    let holding = ".build-archcheck/renaming-\(UUID().uuidString)"
    let transcripts = verify == nil ? [] : GoldenTranscripts.transcripts(root: root)
    var originals: [String: String?] = [:]
    for path in Set(plan.edits.keys).union(EditJournal.derivedFiles).union(transcripts) {
      originals.updateValue(
        try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8), forKey: path)
    }
    var journal = EditJournal(
      originals: originals, createdFolders: [plan.newFolder],
      movedFolders: [plan.folder: holding])
    try journal.begin(root: root)
    defer { EditJournal.end(root: root) }
    var lines: [String] = []
    do throws(ArchCheckError) {
      try FileWriter.withInterruptsHeld { () throws(ArchCheckError) in
        for (path, data) in plan.packageFiles.sorted(by: { $0.key < $1.key }) {
          try FileWriter.replaceCreatingFolder(root.appendingPathComponent(path), with: data)
        }
        WriteSteps.step()
        try? FileManager.default.createDirectory(
          at: root.appendingPathComponent(holding).deletingLastPathComponent(),
          withIntermediateDirectories: true)
        guard
          moveFolder(
            root.appendingPathComponent(plan.folder), to: root.appendingPathComponent(holding))
        else {
          throw .file("cannot move \(plan.folder) aside: \(String(cString: strerror(errno)))")
        }
        for (path, text) in plan.edits.sorted(by: { $0.key < $1.key }) {
          try FileWriter.replace(root.appendingPathComponent(path), with: text)
        }
      }
      lines = try ArchCheck.generate(root: root).filter { !$0.hasSuffix(" are current") }
      if let verify {
        let outcome = try EditCheck.run(
          verify, root: root, edit: "renaming \(plan.folder) to \(plan.newFolder)")
        guard outcome.succeeded else {
          throw .invalidInput(
            "the build and tests after renaming \(plan.folder) to \(plan.newFolder) failed (the "
              + "output above says why); everything is back as it was")
        }
        lines += GoldenTranscripts.recorded(transcripts, originals: originals, root: root)
      }
    } catch {
      journal.undo(root: root)
      throw error
    }
    try journal.commit(root: root)
    var layouts = RenameLayouts.read(root: root)
    layouts.files = layouts.files.filter {
      !$0.key.hasPrefix(plan.folder + "/") && plan.edits[$0.key] == nil
    }
    layouts.files.merge(plan.layouts) { _, new in new }
    layouts.write(root: root)
    return lines
  }
}

extension FeatureRenamer {
  /// The text of the file at `path` (from the root), nil when there is none or it is not text.
  fileprivate static func read(_ path: String, root: URL) -> String? {
    try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// What a rename refuses so that renaming back restores every byte: a name it makes that
  /// is already in use where renaming back would rename it (the code anywhere the App sees,
  /// the lines the rename rewrites).
  fileprivate struct Collisions {
    /// The names the rename makes.
    let targets: Set<String>
    /// The new name, for the message.
    let to: String

    /// Throws when the code of `text` (strings and comments left out) uses a target.
    func code(of text: String, path: String) throws(ArchCheckError) {
      let code = SwiftSourceScanner.codeOnly(text).components(separatedBy: "\n")
      for (index, line) in code.enumerated() {
        if let word = SourceLines.words(in: line).first(where: targets.contains) {
          throw refusal(word, at: "\(path):\(index + 1)")
        }
      }
    }

    /// Throws when a line of `text` (those of `lines`, or every one) has a target as a word.
    func words(in text: String, lines: Set<Int>?, path: String) throws(ArchCheckError) {
      for (index, line) in text.components(separatedBy: "\n").enumerated()
      where lines?.contains(index) ?? true {
        if let word = WordRenames.words(in: line).first(where: targets.contains) {
          throw refusal(word, at: "\(path):\(index + 1)")
        }
      }
    }

    private func refusal(_ word: String, at place: String) -> ArchCheckError {
      .invalidInput(
        "TO=\(to): \(place) already says \(word), which renaming back would take along; "
          + "choose another name, or rename that first")
    }
  }

  /// The package's files under their new paths, with their words renamed (a file that is
  /// not text is copied as it is).
  fileprivate static func renamePackage(
    into plan: inout RenamePlan, names: RenamedNames, root: URL, check: Collisions,
    layouts: RenameLayouts
  ) throws(ArchCheckError) {
    let folder = root.appendingPathComponent(plan.folder)
    guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return }
    var paths: [String] = []
    while let path = enumerator.nextObject() as? String {
      let name = (path as NSString).lastPathComponent
      if name.hasPrefix(".build") || name == ".swiftpm" {
        enumerator.skipDescendants()
        continue
      }
      var isFolder: ObjCBool = false
      let url = folder.appendingPathComponent(path)
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder),
        !isFolder.boolValue
      {
        paths.append(path)
      }
    }
    for path in paths.sorted() {
      let components = path.split(separator: "/").map(String.init)
      for component in components
      where RenamedNames.renamed(component, from: names.to, to: names.from) != nil {
        throw .invalidInput(
          "TO=\(names.to): \(plan.folder)/\(path) is already named after it, and renaming "
            + "back would take it along; choose another name")
      }
      let renamed = components.map {
        RenamedNames.renamed($0, from: names.from, to: names.to) ?? $0
      }
      let newPath = "\(plan.newFolder)/" + renamed.joined(separator: "/")
      plan.originalPaths[newPath] = "\(plan.folder)/\(path)"
      let data: Data
      do {
        data = try Data(contentsOf: folder.appendingPathComponent(path))
      } catch {
        throw .file("cannot read \(plan.folder)/\(path): \(error.localizedDescription)")
      }
      if let file = String(data: data, encoding: .utf8) {
        let text = layouts.base(of: file, at: "\(plan.folder)/\(path)")
        try check.words(in: text, lines: nil, path: "\(plan.folder)/\(path)")
        plan.packageFiles[newPath] = Data(names.words.apply(to: text).utf8)
      } else {
        plan.packageFiles[newPath] = data
      }
    }
  }
}

/// Renames the folder at `source` to `destination` (`rename(2)`); false with `errno` set when
/// it cannot.
private func moveFolder(_ source: URL, to destination: URL) -> Bool {
  rename(source.path, destination.path) == 0
}
