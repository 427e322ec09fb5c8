import ArchCheckKit
import Foundation

/// A small fake Switchyard repo in a temporary folder: Core (two modules), two features and
/// an App, each with a source file, an ARCHITECTURE.md and a current module graph. Each test
/// breaks one thing in its own copy.
struct FixtureRepo {
  let root: URL

  init() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "archcheck-fixture-\(UUID().uuidString)")
    try write("Packages/Core/Package.swift", Self.coreManifest)
    try write("Packages/Core/Sources/CoreStore/Store.swift", "public struct Store {}\n")
    try write(
      "Packages/Core/Sources/CoreUI/View.swift",
      "import CoreStore\nimport Foundation\npublic struct View { public init() {} }\n")
    for module in ["CoreDependencies", "CoreRouting", "CoreConsole", "CoreTesting"] {
      try write("Packages/Core/Sources/\(module)/\(module).swift", "public enum \(module) {}\n")
    }
    for name in ["Hoge", "Fuga"] {
      try write("Packages/\(name)Feature/Package.swift", Self.featureManifest(name))
      try write(
        "Packages/\(name)Feature/Sources/\(name)Feature/\(name).swift",
        "import CoreStore\nimport CoreUI\n\npublic struct \(name) {}\n")
    }
    try write("App/Package.swift", Self.appManifest)
    try write(
      "App/Sources/AppFeature/Router.swift",
      "import CoreStore\nimport FugaFeature\nimport HogeFeature\n\npublic struct Router {}\n")
    try write("App/Sources/AppLive/Live.swift", "import AppFeature\n\npublic struct Live {}\n")
    try write("ARCHITECTURE.md", "# Architecture\n")
    try ArchCheck.writeGraph(root: root)
    try RootWorkspace.write(root: root)
    try EditorWorkspaces.write(root: root)
  }

  /// Adds `Packages/Clients/<name>Client` (the interface and its live module), makes Hoge
  /// depend on the interface and the App on both, and rewrites the graph: still clean.
  func addClient(_ name: String) throws {
    let package = "Packages/Clients/\(name)Client"
    try write("\(package)/Package.swift", Self.clientManifest(name))
    try write(
      "\(package)/Sources/\(name)Client/\(name)Client.swift",
      "import CoreDependencies\n\npublic struct \(name)Client {}\n")
    try write(
      "\(package)/Sources/\(name)ClientLive/Live.swift",
      "import \(name)Client\n\nextension \(name)Client { public static let live = Self() }\n")
    try edit(
      "Packages/HogeFeature/Package.swift", replacing: ".package(path: \"../Core\"),",
      with: ".package(path: \"../Core\"),\n    .package(path: \"../Clients/\(name)Client\"),")
    try edit(
      "Packages/HogeFeature/Package.swift",
      replacing: "dependencies: [.product(name: \"CoreUI\", package: \"Core\")]",
      with:
        "dependencies: [.product(name: \"CoreUI\", package: \"Core\"), .product(name: \"\(name)Client\", package: \"\(name)Client\")]"
    )
    try edit(
      "App/Package.swift", replacing: ".package(path: \"../Packages/Core\"),",
      with:
        ".package(path: \"../Packages/Clients/\(name)Client\"),\n    .package(path: \"../Packages/Core\"),"
    )
    try edit(
      "App/Package.swift", replacing: "dependencies: [\"AppFeature\"]",
      with:
        "dependencies: [\n      \"AppFeature\",\n      .product(name: \"\(name)ClientLive\", package: \"\(name)Client\"),\n    ]"
    )
    try ArchCheck.writeGraph(root: root)
    try RootWorkspace.write(root: root)
    try EditorWorkspaces.write(root: root)
  }

  func write(_ path: String, _ text: String) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// Replaces `old` with `new` in a file; fails loudly when `old` is not there.
  func edit(_ path: String, replacing old: String, with new: String) throws {
    let text = try read(path)
    guard text.contains(old) else { throw FixtureError("'\(old)' not found in \(path)") }
    try write(path, text.replacingOccurrences(of: old, with: new))
  }

  /// The violations of every rule but the workspaces' (rules 9 and 10, which `WorkspaceTests`
  /// and `EditorWorkspacesTests` check alone): a test that breaks a manifest or adds a package
  /// would otherwise also see the workspaces written before reported as stale.
  func verify(build: Bool = false) throws -> [Violation] {
    try ArchCheck.verify(root: root, build: build).violations.filter {
      ![RootWorkspace.fileName, EditorWorkspaces.xcodePath, EditorWorkspaces.codePath]
        .contains($0.path)
    }
  }

  /// Every file under the root with its contents, to show that nothing was written.
  func snapshot() throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
      if url.path.contains("/.build") { continue }
      files[url.path] = isDirectory.boolValue ? Data() : try Data(contentsOf: url)
    }
    return files
  }

  func remove() {
    try? FileManager.default.removeItem(at: root)
  }

  static let coreManifest = """
    // swift-tools-version: 6.0
    import PackageDescription

    let package = Package(
      name: "Core",
      products: [
        .library(name: "CoreDependencies", targets: ["CoreDependencies"]),
        .library(name: "CoreStore", targets: ["CoreStore"]),
        .library(name: "CoreRouting", targets: ["CoreRouting"]),
        .library(name: "CoreUI", targets: ["CoreUI"]),
        .library(name: "CoreConsole", targets: ["CoreConsole"]),
        .library(name: "CoreTesting", targets: ["CoreTesting"]),
      ],
      targets: [
        .target(name: "CoreDependencies"),
        .target(name: "CoreStore", dependencies: ["CoreDependencies"]),
        .target(name: "CoreRouting", dependencies: ["CoreStore"]),
        .target(name: "CoreUI", dependencies: ["CoreStore"]),
        .target(name: "CoreConsole", dependencies: ["CoreUI"]),
        .target(name: "CoreTesting", dependencies: ["CoreStore"]),
      ]
    )

    """

  static func featureManifest(_ name: String) -> String {
    """
    // swift-tools-version: 6.0
    import PackageDescription

    let package = Package(
      name: "\(name)Feature",
      products: [.library(name: "\(name)Feature", targets: ["\(name)Feature"])],
      dependencies: [
        .package(path: "../Core"),
      ],
      targets: [
        .target(
          name: "\(name)Feature",
          dependencies: [.product(name: "CoreUI", package: "Core")]
        ),
      ]
    )

    """
  }

  static func clientManifest(_ name: String) -> String {
    """
    // swift-tools-version: 6.0
    import PackageDescription

    let package = Package(
      name: "\(name)Client",
      products: [
        .library(name: "\(name)Client", targets: ["\(name)Client"]),
        .library(name: "\(name)ClientLive", targets: ["\(name)ClientLive"]),
      ],
      dependencies: [
        .package(path: "../../Core"),
      ],
      targets: [
        .target(
          name: "\(name)Client",
          dependencies: [.product(name: "CoreDependencies", package: "Core")]
        ),
        .target(name: "\(name)ClientLive", dependencies: ["\(name)Client"]),
      ]
    )

    """
  }

  static let appManifest = """
    // swift-tools-version: 6.0
    import PackageDescription

    let package = Package(
      name: "App",
      dependencies: [
        .package(path: "../Packages/Core"),
        .package(path: "../Packages/FugaFeature"),
        .package(path: "../Packages/HogeFeature"),
      ],
      targets: [
        .target(
          name: "AppFeature",
          dependencies: [
            .product(name: "CoreStore", package: "Core"),
            .product(name: "FugaFeature", package: "FugaFeature"),
            .product(name: "HogeFeature", package: "HogeFeature"),
          ]
        ),
        .target(name: "AppLive", dependencies: ["AppFeature"]),
      ]
    )

    """
}

struct FixtureError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
