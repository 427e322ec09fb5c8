import Foundation

/// Refuses a feature name whose generated names (the reducer `<Name>`, `<Name>Feature`,
/// `<Name>View`, `<Name>Preview`, `<Name>FeatureTests`) would clash with something that is
/// already there, before anything is written:
/// - ignoring case, a package, a module or a folder of `Packages/` (on a case-insensitive disk,
///   macOS's default, `HOGEFeature` is the folder `HogeFeature`), or a screen of the App;
/// - exactly, a type, protocol or macro the toolchain declares (`Bool` would shadow
///   `Swift.Bool` in every module that imports the feature; ``ToolchainDeclarations``), a module
///   of the toolchain, or a type the repo's sources declare where other modules can see it:
///   `Text` would make `TextView`, which CoreUI declares; `ItemEdit` would make the reducer
///   `ItemEdit`, a type of ItemListFeature, and the App could no longer tell them apart. A
///   `private` or `fileprivate` type, one nested in another outside the App, or one a test
///   declares, clashes with nothing.
/// - SwiftPM's rule for programs: a module with a file named `main.swift`, in any case, is an
///   executable, so `Main` (whose reducer lives in `Main.swift`) would not link.
enum NameClashes {
  /// Throws a one-line reason naming the clash and where the existing name lives.
  static func check(_ feature: FeatureName, root: URL) throws(ArchCheckError) {
    if feature.name.lowercased() == "main" {
      throw .invalidInput(
        "'\(feature.name)' would put its reducer in \(feature.name).swift, which SwiftPM takes "
          + "for a program's entry point (main.swift in any case); choose another name")
    }
    let generated = [
      feature.name, feature.module, "\(feature.name)View", "\(feature.name)Preview",
      "\(feature.module)Tests",
    ]
    let folders = try modulesAndFolders(root: root)
    for name in generated {
      guard let (existing, owner) = folders[name.lowercased()] else { continue }
      if existing == name {
        throw .invalidInput(
          "'\(feature.name)' would make \(name), which is already \(owner); choose another name")
      }
      throw .invalidInput(
        "'\(feature.name)' would make \(name), which differs only in case from \(existing), "
          + "\(owner) (one folder on a case-insensitive disk); choose another name")
    }
    for screen in (try? RouteScaffolder.screenList(root: root)) ?? []
    where screen.caseName.lowercased() == feature.caseName.lowercased() {
      throw .invalidInput(
        "'\(feature.name)' would make the screen \(feature.caseName), and the App already has "
          + "\(screen.caseName) (\(screen.reducer)); choose another name")
    }
    let types = try declaredTypes(root: root)
    for name in generated {
      if let owner = types[name] {
        throw .invalidInput(
          "'\(feature.name)' would make \(name), which is already \(owner); choose another name")
      }
    }
  }

  /// Every module of every package, every package and every folder of `Packages/`, by its
  /// lowercased name: the name as written, and what it is.
  private static func modulesAndFolders(root: URL) throws(ArchCheckError)
    -> [String: (name: String, owner: String)]
  {
    var taken: [String: (name: String, owner: String)] = [:]
    func add(_ name: String, _ owner: String) {
      if taken[name.lowercased()] == nil { taken[name.lowercased()] = (name, owner) }
    }
    for name in ToolchainModules.names { add(name, "a module of the Swift toolchain") }
    let packagesFolder = root.appendingPathComponent("Packages")
    for folder in (try? FileManager.default.contentsOfDirectory(atPath: packagesFolder.path)) ?? []
    where !folder.hasPrefix(".") {
      add(folder, "a folder in Packages/")
    }
    for package in try Repo.packageDirectories(root: root) {
      add(package.lastPathComponent, "a package at \(Repo.relativePath(of: package, root: root))")
      for folder in ["Sources", "Tests"] {
        let url = package.appendingPathComponent(folder)
        for module in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] {
          add(module, "a module of \(Repo.relativePath(of: package, root: root))")
        }
      }
    }
    return taken
  }

  /// The types other modules can see: the toolchain's, and those the packages' `Sources`
  /// declare without `private` or `fileprivate`; by name, with where each lives.
  private static func declaredTypes(root: URL) throws(ArchCheckError) -> [String: String] {
    var taken = try ToolchainDeclarations.names()
    for package in try Repo.packageDirectories(root: root) {
      // The App's generated code sits inside extensions of its router, where a nested type
      // (`AppRouter.Tabs`) would hide a feature's type of that name: there, every depth counts.
      let isApp = Repo.relativePath(of: package, root: root) == "App"
      for file in ImportRules.swiftFiles(in: package.appendingPathComponent("Sources")) {
        guard let source = try? String(contentsOf: file, encoding: .utf8) else { continue }
        for type in declaredTypes(in: source, nested: isApp) where taken[type] == nil {
          taken[type] = "declared in \(Repo.relativePath(of: file, root: root))"
        }
      }
    }
    return taken
  }

  private static let declarationKeywords: Set<String> = [
    "struct", "enum", "class", "protocol", "actor", "typealias",
  ]

  /// The names of the types `source` declares at the top level (at any depth with `nested`),
  /// leaving out those declared `private` or `fileprivate` (a modifier among the words before
  /// the keyword). A nested type (`EffectThrottle.Entry`) is named through its parent outside
  /// it, so it clashes with no feature's type.
  static func declaredTypes(in source: String, nested: Bool = false) -> [String] {
    let tokens = ScannedSource.of(source).tokens
    var names: [String] = []
    var depth = 0
    for (index, token) in tokens.enumerated().dropLast() {
      if !token.isIdentifier {
        if token.text == "{" { depth += 1 }
        if token.text == "}" { depth = max(0, depth - 1) }
        continue
      }
      let next = tokens[index + 1]
      guard depth == 0 || nested, !token.isBackticked, declarationKeywords.contains(token.text),
        next.isIdentifier, index == 0 || tokens[index - 1].text != "."
      else { continue }
      var previous = index - 1
      var isPrivate = false
      while previous >= 0, tokens[previous].isIdentifier {
        if tokens[previous].text == "private" || tokens[previous].text == "fileprivate" {
          isPrivate = true
        }
        previous -= 1
      }
      if !isPrivate { names.append(next.text) }
    }
    return names
  }
}
