import Foundation

/// A generated workspace with N features shaped like the real ones, in one of three layouts:
/// the template's packages (Core, each feature and the App as separate local packages), one
/// manifest holding the same modules as targets (the repo's root workspace), or a monolith
/// (the same sources in one target).
struct SyntheticWorkspace {
  /// How the sources are split.
  enum Layout: String, Codable, CaseIterable, Sendable {
    /// Separate local packages, each built through the App's manifest.
    case template
    /// The same packages' folders, built through one root manifest with a target per module.
    case workspace
    /// One target holding everything.
    case monolith
  }

  /// Core's modules that go into a workspace, in dependency order, with their dependencies.
  static let coreModules: [(name: String, dependencies: [String])] = [
    ("CoreDependencies", []),
    ("CoreStore", ["CoreDependencies"]),
    ("CoreRouting", ["CoreStore"]),
    ("CoreUI", ["CoreStore"]),
  ]

  let root: URL
  let layout: Layout
  let featureCount: Int
  /// The package to build `demo` in.
  let packagePath: URL
  /// The leaf feature's source file (Feature001).
  let leafFile: URL
  /// The Core file that Core edits go to.
  let coreFile: URL

  static func featureName(_ index: Int) -> String {
    let digits = String(index)
    return "Feature" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits
  }

  /// Writes a workspace into `root` (which must not exist), taking Core's sources from the
  /// repo at `repoRoot`.
  static func generate(
    layout: Layout, featureCount: Int, repoRoot: URL, into root: URL
  ) throws(BuildTimeError) -> SyntheticWorkspace {
    let core = repoRoot.appendingPathComponent("Packages/Core/Sources")
    let writer = Writer(root: root)
    var coreFile: URL?
    switch layout {
    case .template, .workspace:
      try writer.write("Packages/Core/Package.swift", coreManifest())
      for module in coreModules {
        for source in try swiftFiles(core.appendingPathComponent(module.name)) {
          let path = "Packages/Core/Sources/\(module.name)/\(source.lastPathComponent)"
          try writer.write(path, try read(source))
          if module.name == "CoreStore",
            source
              == RepoTiming.pinnedFile(
                module: "CoreStore", in: core.appendingPathComponent("CoreStore"))
          {
            coreFile = root.appendingPathComponent(path)
          }
        }
      }
      for index in 1...featureCount {
        let name = featureName(index)
        try writer.write("Packages/\(name)/Package.swift", featureManifest(name))
        try writer.write(
          "Packages/\(name)/Sources/\(name)/\(name).swift", featureSource(name, index: index))
      }
      try writer.write("App/Package.swift", appManifest(featureCount))
      try writer.write("App/Sources/AppFeature/AppFeature.swift", appSource(featureCount))
      try writer.write(
        "App/Sources/Demo/main.swift", "import AppFeature\n\nprint(featureCount())\n")
      if layout == .workspace {
        try writer.write("Package.swift", workspaceManifest(featureCount))
      }
      return SyntheticWorkspace(
        root: root, layout: layout, featureCount: featureCount,
        packagePath: layout == .workspace ? root : root.appendingPathComponent("App"),
        leafFile: root.appendingPathComponent(
          "Packages/Feature001/Sources/Feature001/Feature001.swift"),
        coreFile: try unwrap(coreFile))
    case .monolith:
      try writer.write("Package.swift", monolithManifest())
      for module in coreModules {
        for source in try swiftFiles(core.appendingPathComponent(module.name)) {
          let path = "Sources/Demo/\(module.name)_\(source.lastPathComponent)"
          try writer.write(path, withoutLocalImports(try read(source)))
          if module.name == "CoreStore",
            source
              == RepoTiming.pinnedFile(
                module: "CoreStore", in: core.appendingPathComponent("CoreStore"))
          {
            coreFile = root.appendingPathComponent(path)
          }
        }
      }
      for index in 1...featureCount {
        let name = featureName(index)
        try writer.write(
          "Sources/Demo/\(name).swift", withoutLocalImports(featureSource(name, index: index)))
      }
      try writer.write(
        "Sources/Demo/AppFeature.swift", withoutLocalImports(appSource(featureCount)))
      try writer.write("Sources/Demo/main.swift", "print(featureCount())\n")
      return SyntheticWorkspace(
        root: root, layout: layout, featureCount: featureCount, packagePath: root,
        leafFile: root.appendingPathComponent("Sources/Demo/Feature001.swift"),
        coreFile: try unwrap(coreFile))
    }
  }

  private static func unwrap(_ url: URL?) throws(BuildTimeError) -> URL {
    guard let url else { throw .edit("no editable file found in Core's CoreStore module") }
    return url
  }

  /// The source without imports of Core's modules, the features or AppFeature (one module).
  static func withoutLocalImports(_ source: String) -> String {
    source.components(separatedBy: "\n").filter { line in
      guard line.hasPrefix("import ") else { return true }
      let module = String(line.dropFirst("import ".count))
      return !(module.hasPrefix("Core") || module.hasPrefix("Feature") || module == "AppFeature")
    }.joined(separator: "\n")
  }

  private static func swiftFiles(_ folder: URL) throws(BuildTimeError) -> [URL] {
    do {
      return try FileManager.default.contentsOfDirectory(
        at: folder, includingPropertiesForKeys: nil
      )
      .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    } catch {
      throw .invalidInput("cannot read Core's sources at \(folder.path); run from the repo root")
    }
  }

  private static func read(_ url: URL) throws(BuildTimeError) -> String {
    do {
      return try String(contentsOf: url, encoding: .utf8)
    } catch {
      throw .edit("cannot read \(url.path)")
    }
  }

  private struct Writer {
    let root: URL

    func write(_ path: String, _ text: String) throws(BuildTimeError) {
      let url = root.appendingPathComponent(path)
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
      } catch {
        throw .edit("cannot write \(url.path): \(error.localizedDescription)")
      }
    }
  }
}
