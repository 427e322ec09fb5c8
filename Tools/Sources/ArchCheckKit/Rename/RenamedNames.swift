import Foundation

/// What `make rename-feature FROM=Hoge TO=Profile` renames, read from the declarations: the
/// package's modules (`HogeFeature` → `ProfileFeature`), the types it declares at the top level
/// whose names start with the feature's (`Hoge`, `HogeView`), the case names of its screens
/// that do (`hoge`: the screen list's case and every feature's route case of that name), and
/// the actions other features ask for those screens with (`hogeTapped`). A name that does not
/// start with the feature's (`Gate`, the screen case `items` of `ItemList`) keeps its name.
struct RenamedNames: Equatable {
  /// The feature's name before and after: `Hoge`, `Profile`.
  let from: String
  let to: String
  /// Each name and what it becomes.
  private(set) var map: [String: String] = [:]
  /// Every name the declarations give, renamed or not: the package's modules and top-level
  /// types, its screens' cases, the actions that ask for them.
  private(set) var declared: Set<String> = []

  init(from: String, to: String) {
    self.from = from
    self.to = to
  }

  /// Adds `name` when it starts with the feature's name (or, lowercased first, its case name)
  /// followed by anything but a lowercase letter: `HogeView`, `hogeTapped`; not `Hogehoge`.
  mutating func add(_ name: String) {
    declared.insert(name)
    if let renamed = Self.renamed(name, from: from, to: to) { map[name] = renamed }
  }

  /// `name` with its leading `from` (or `from` lowercased first) replaced by `to` (likewise),
  /// or nil when it does not start with it at a word's boundary.
  static func renamed(_ name: String, from: String, to: String) -> String? {
    for (old, new) in [(from, to), (lowerFirst(from), lowerFirst(to))] {
      guard name.hasPrefix(old) else { continue }
      let rest = name.dropFirst(old.count)
      if let next = rest.first, next.isLowercase { continue }
      return new + rest
    }
    return nil
  }

  /// `Hoge` → `hoge`, `ItemList` → `itemList`.
  static func lowerFirst(_ name: String) -> String {
    name.prefix(1).lowercased() + name.dropFirst()
  }

  /// The renames as whole words of a text.
  var words: WordRenames { WordRenames(map: map) }

  /// The names the rename makes, which nothing may already be called.
  var targets: Set<String> { Set(map.values) }

  /// Reads the names from the repo: the package `Packages/<from>Feature`, the App's screen
  /// list, and the other feature packages' sources (their requests for the screens).
  static func read(from: String, to: String, root: URL) throws(ArchCheckError) -> RenamedNames {
    var names = RenamedNames(from: from, to: to)
    let package = root.appendingPathComponent("Packages/\(from)Feature")
    for folder in ["Sources", "Tests"] {
      let url = package.appendingPathComponent(folder)
      for module in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      where !module.hasPrefix(".") {
        names.add(module)
      }
      for type in FeatureRemover.topLevelTypes(in: url) { names.add(type) }
    }
    let declared = FeatureRemover.topLevelTypes(in: package.appendingPathComponent("Sources"))
    let screens = try RouteScaffolder.screenList(root: root).filter {
      declared.contains($0.reducer)
    }
    for caseName in screens.map(\.caseName) { names.add(caseName) }
    let cases = screens.map(\.caseName).filter { renamed($0, from: from, to: to) != nil }
    for action in actions(asking: Set(cases), root: root) { names.add(action) }
    return names
  }

  /// The actions of every feature that ask for one of `caseNames` (`case .hogeTapped:` above
  /// a `push(.hoge)`), as `make route` writes them.
  private static func actions(asking caseNames: Set<String>, root: URL) -> Set<String> {
    guard !caseNames.isEmpty else { return [] }
    let alternatives = caseNames.sorted().joined(separator: "|")
    let request = #"(push|popTo)\(\s*(\w+(\.\w+)*)?\.(\#(alternatives))\b"#
    var found: Set<String> = []
    for feature in FeatureRemover.featurePackages(root: root) {
      let sources = root.appendingPathComponent("Packages/\(feature)/Sources")
      for file in ImportRules.swiftFiles(in: sources) {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
        let source = SourceLines(text)
        for index in source.code.indices
        where source.code[index].range(of: request, options: .regularExpression) != nil {
          if let label = source.enclosingSwitchLabel(index) { found.insert(label) }
        }
      }
    }
    return found
  }
}
