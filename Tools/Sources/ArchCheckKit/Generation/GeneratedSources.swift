import Foundation

/// The `*.generated.swift` files of a repo: what `make generate` writes next to each source
/// file with a `CasePathable` enum, a reducer enum (`CaseReducer`) or the App's `ScreenList`,
/// and what `make check` compares
/// with the committed ones. A feature's `Route` (a `NavigationRoute`) gets no file: the screen
/// list's code maps it.
public enum GeneratedSources {
  /// One generated file: where it goes and what it says.
  struct File: Equatable {
    let url: URL
    let text: String
  }

  /// What `make generate` would do: the files to write (missing or not current), the generated
  /// files to remove (their source no longer opts in), and the enums the scanner refused.
  private struct Plan {
    var toWrite: [File] = []
    var toRemove: [URL] = []
    var problems: [Violation] = []

    init(root: URL) throws(ArchCheckError) {
      let (expected, problems) = try GeneratedSources.scan(root: root)
      self.problems = problems
      toWrite = expected.filter { (try? String(contentsOf: $0.url, encoding: .utf8)) != $0.text }
      let wanted = Set(expected.map(\.url.standardizedFileURL.path))
      toRemove = try GeneratedSources.existing(root: root).filter {
        !wanted.contains($0.standardizedFileURL.path)
      }
    }

    /// Throws the refusals as one error, `path:line: …` each.
    func refuseProblems() throws(ArchCheckError) {
      if !problems.isEmpty {
        throw .invalidInput(problems.map(\.description).joined(separator: "\n"))
      }
    }
  }

  /// Writes every generated file that is missing or not current and removes the ones whose
  /// source no longer opts in. Returns the paths it changed, relative to the root; throws the
  /// scanner's refusals as `path:line: …`, writing nothing then.
  public static func write(root: URL) throws(ArchCheckError) -> [String] {
    let plan = try Plan(root: root)
    try plan.refuseProblems()
    for file in plan.toWrite {
      try FileWriter.replace(file.url, with: file.text)
    }
    for url in plan.toRemove {
      do {
        try FileManager.default.removeItem(at: url)
      } catch {
        throw .file("cannot remove \(url.path): \(error.localizedDescription)")
      }
    }
    return paths(of: plan, root: root)
  }

  /// The paths `write(root:)` would change, relative to the root, without writing.
  static func changes(root: URL) throws(ArchCheckError) -> [String] {
    let plan = try Plan(root: root)
    try plan.refuseProblems()
    return paths(of: plan, root: root)
  }

  /// One line naming the generated files that are not current (or the sources the generator
  /// refuses), for a build that failed; nil when the generated code is current.
  public static func staleness(root: URL) throws(ArchCheckError) -> String? {
    let plan = try Plan(root: root)
    if let problem = plan.problems.first {
      return "\(problem); make generate cannot write the generated code until it is fixed"
    }
    let stale = paths(of: plan, root: root)
    guard !stale.isEmpty else { return nil }
    return "the generated code is not current (\(stale.joined(separator: ", "))): a route, the "
      + "screen list or a CasePathable enum changed since make generate; run make generate, "
      + "then build again (never edit a .generated.swift file)"
  }

  private static func paths(of plan: Plan, root: URL) -> [String] {
    (plan.toWrite.map(\.url) + plan.toRemove).map { Repo.relativePath(of: $0, root: root) }
      .sorted()
  }

  /// Violations for generated files that are missing, not current or left over, and for
  /// enums the generator refuses.
  static func check(root: URL) throws(ArchCheckError) -> [Violation] {
    let plan = try Plan(root: root)
    let stale = plan.toWrite.map { file in
      Violation(
        path: Repo.relativePath(of: file.url, root: root), line: 1,
        message: "the generated code is missing or not current; run make generate and commit "
          + "the result")
    }
    let leftOver = plan.toRemove.map { url in
      Violation(
        path: Repo.relativePath(of: url, root: root), line: 1,
        message: "generated file whose source has no CasePathable or ScreenList enum; run make "
          + "generate (it removes it)")
    }
    return plan.problems + stale + leftOver
  }

  /// The files the sources call for, and the enums the scanner refused.
  static func scan(root: URL) throws(ArchCheckError) -> (files: [File], problems: [Violation]) {
    var problems: [Violation] = []
    // Each target's files: a type written in an enum may be declared in another file of it.
    var scanned: [(source: URL, text: String, enums: [CasePathableScanner.Enum])] = []
    var typesByTarget: [URL: Set<[String]>] = [:]
    var known = KnownConformances()
    var knownByTarget: [URL: KnownConformances] = [:]
    for source in try sources(root: root) {
      let text: String
      do {
        text = try String(contentsOf: source, encoding: .utf8)
      } catch {
        throw .file("cannot read \(source.path): \(error.localizedDescription)")
      }
      do {
        let (enums, types, conformances) = try CasePathableScanner.scan(text)
        typesByTarget[targetFolder(of: source), default: []].formUnion(types)
        known.add(conformances)
        knownByTarget[targetFolder(of: source), default: KnownConformances()].add(conformances)
        if !enums.isEmpty { scanned.append((source, text, enums)) }
      } catch {
        problems.append(
          Violation(
            path: Repo.relativePath(of: source, root: root), line: error.line,
            message: error.message))
      }
    }
    // A screen list maps the routes of the reducers it names, which feature packages declare:
    // a type of the same name in a test, an example or the App (Core's tests have a
    // `Profile`) is another type, and must not change what a screen named so gets.
    let screenSources = scanned.filter {
      let path = Repo.relativePath(of: $0.source, root: root)
      return path.hasPrefix("Packages/") && path.contains("Feature/Sources/")
    }
    var routes: [String: CasePathableScanner.Enum] = [:]
    for enumeration in screenSources.flatMap(\.enums)
    where enumeration.path.count >= 2 && enumeration.path.last == "Route"
      && !enumeration.protocols.isDisjoint(with: ["NavigationRoute", "CasePathable"])
    {
      routes[enumeration.path[enumeration.path.count - 2]] = enumeration
    }
    // A screen whose Action is read here and has no `delegate` case asks for screens only
    // through `@Dependency(\.navigate)`.
    var withoutDelegate: Set<String> = []
    for enumeration in screenSources.flatMap(\.enums)
    where enumeration.path.count >= 2 && enumeration.path.last == "Action"
      && !enumeration.cases.contains(where: { $0.name == "delegate" })
    {
      withoutDelegate.insert(enumeration.path[enumeration.path.count - 2])
    }
    // The enums a reducer enum gets (the screen list is one) are types of their module too.
    for (source, _, enums) in scanned {
      for reducerEnum in enums
      where !reducerEnum.protocols.isDisjoint(with: ["CaseReducer", "ScreenList"]) {
        let path = reducerEnum.path
        typesByTarget[targetFolder(of: source), default: []].formUnion([
          path + ["State"], path + ["Action"], path + ["CaseScope"],
        ])
      }
    }
    var files: [File] = []
    for (source, text, enums) in scanned {
      let qualifier = TypeQualifier(declared: typesByTarget[targetFolder(of: source)] ?? [])
      var imports = SwiftSourceScanner.imports(in: text).map { "import \($0.module)" }
      var blocks: [[String]] = []
      for list in enums where list.protocols.contains("ScreenList") {
        do {
          blocks.append(
            try ScreenListGenerator.code(
              for: list, routes: routes, withoutDelegate: withoutDelegate,
              tabs: enums.first { $0.protocols.contains("TabList") }))
          imports += ["import CoreRouting", "import CoreUI"]
        } catch {
          problems.append(
            Violation(
              path: Repo.relativePath(
                of: file(declaring: error.enumPath, in: scanned) ?? source, root: root),
              line: error.line, message: error.message))
        }
      }
      for reducerEnum in enums where reducerEnum.protocols.contains("CaseReducer") {
        do {
          blocks.append(
            try CaseReducerGenerator.code(
              for: CasePathGenerator.qualified(reducerEnum, by: qualifier),
              known: (knownByTarget[targetFolder(of: source)] ?? KnownConformances()).within(known)
            ))
        } catch {
          problems.append(
            Violation(
              path: Repo.relativePath(of: source, root: root), line: error.line,
              message: error.message))
        }
      }
      let inCoreStore = targetFolder(of: source).lastPathComponent == "CoreStore"
      guard
        let generated = CasePathGenerator.file(
          for: enums, sourceName: source.lastPathComponent,
          imports: imports.filter { !inCoreStore || $0 != "import CoreStore" },
          importsCoreStore: !inCoreStore, qualifier: qualifier, blocks: blocks)
      else { continue }
      files.append(File(url: generatedURL(for: source), text: generated))
    }
    return (files, problems)
  }

  /// The file that declares the enum with this nested name, if any.
  private static func file(
    declaring enumPath: [String]?,
    in scanned: [(source: URL, text: String, enums: [CasePathableScanner.Enum])]
  ) -> URL? {
    guard let enumPath else { return nil }
    return scanned.first { $0.enums.contains { $0.path == enumPath } }?.source
  }

  /// The folder of the target a source belongs to: the one right under `Sources` or `Tests`.
  private static func targetFolder(of source: URL) -> URL {
    var folder = source.deletingLastPathComponent()
    while folder.pathComponents.count > 1 {
      let parent = folder.deletingLastPathComponent()
      if ["Sources", "Tests"].contains(parent.lastPathComponent) { return folder }
      folder = parent
    }
    return source.deletingLastPathComponent()
  }

  /// `Foo.swift` → `Foo.generated.swift`, in the same folder.
  static func generatedURL(for source: URL) -> URL {
    let base = source.deletingPathExtension().lastPathComponent
    return source.deletingLastPathComponent()
      .appendingPathComponent(base + CasePathGenerator.fileSuffix)
  }

  /// Every hand-written Swift file under the packages' `Sources` and `Tests` folders.
  private static func sources(root: URL) throws(ArchCheckError) -> [URL] {
    try swiftFiles(root: root).filter {
      !$0.lastPathComponent.hasSuffix(CasePathGenerator.fileSuffix)
    }
  }

  /// Every generated file there now.
  static func existing(root: URL) throws(ArchCheckError) -> [URL] {
    try swiftFiles(root: root).filter {
      $0.lastPathComponent.hasSuffix(CasePathGenerator.fileSuffix)
    }
  }

  private static func swiftFiles(root: URL) throws(ArchCheckError) -> [URL] {
    try Repo.packageDirectories(root: root.standardizedFileURL).flatMap { package in
      ["Sources", "Tests"].flatMap {
        ImportRules.swiftFiles(in: package.appendingPathComponent($0))
      }
    }
  }
}
