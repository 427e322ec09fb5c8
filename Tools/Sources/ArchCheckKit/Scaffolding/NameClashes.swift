import Foundation

/// Refuses a feature name whose generated names (the reducer `<Name>`, `<Name>Feature`,
/// `<Name>View`, `<Name>Preview`, `<Name>FeatureTests`) are already taken by a module of any
/// package, a module of the toolchain, or a type declared anywhere in the repo's sources:
/// `Text` would make `TextView`, which CoreUI declares; `ItemEdit` would make the reducer
/// `ItemEdit`, a type of ItemListFeature, and the App could no longer tell them apart.
enum NameClashes {
  /// Throws a one-line reason naming the clash and where the existing name lives.
  static func check(_ feature: FeatureName, root: URL) throws(ArchCheckError) {
    let generated = [
      feature.name, feature.module, "\(feature.name)View", "\(feature.name)Preview",
      "\(feature.module)Tests",
    ]
    let packages = try Repo.packageDirectories(root: root)
    var taken: [String: String] = [:]
    for name in ToolchainModules.names {
      taken[name] = "a module of the Swift toolchain"
    }
    for package in packages {
      for folder in ["Sources", "Tests"] {
        let url = package.appendingPathComponent(folder)
        for module in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] {
          taken[module] =
            taken[module] ?? "a module of \(Repo.relativePath(of: package, root: root))"
        }
        for file in ImportRules.swiftFiles(in: url) {
          guard let source = try? String(contentsOf: file, encoding: .utf8) else { continue }
          for type in declaredTypes(in: source) where taken[type] == nil {
            taken[type] = "declared in \(Repo.relativePath(of: file, root: root))"
          }
        }
      }
    }
    for name in generated {
      if let owner = taken[name] {
        throw .invalidInput(
          "'\(feature.name)' would make \(name), which is already \(owner); choose another name")
      }
    }
  }

  private static let declarationKeywords: Set<String> = [
    "struct", "enum", "class", "protocol", "actor", "typealias",
  ]

  /// The names of the types `source` declares, at any depth.
  static func declaredTypes(in source: String) -> [String] {
    let tokens = ScannedSource.of(source).tokens
    var names: [String] = []
    for (index, token) in tokens.enumerated().dropLast() {
      let next = tokens[index + 1]
      if !token.isBackticked, declarationKeywords.contains(token.text), next.isIdentifier,
        index == 0 || tokens[index - 1].text != "."
      {
        names.append(next.text)
      }
    }
    return names
  }
}
