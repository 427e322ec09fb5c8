import Foundation

/// A tiny repo in a temporary folder: Core (one module), one feature, and an App with a
/// `demo` executable; small enough to build in seconds.
struct TimingFixture {
  let root: URL

  init() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "buildtime-fixture-\(UUID().uuidString)")
    try write(
      "Packages/Core/Package.swift",
      """
      // swift-tools-version: 6.0
      import PackageDescription

      let package = Package(
        name: "Core",
        products: [.library(name: "CoreBase", targets: ["CoreBase"])],
        targets: [.target(name: "CoreBase")]
      )

      """)
    try write(
      "Packages/Core/Sources/CoreBase/Base.swift",
      """
      public struct Base {
        public init() {}

        public func greeting() -> String {
          "hello from base"
        }
      }

      """)
    try write(
      "Packages/LeafFeature/Package.swift",
      """
      // swift-tools-version: 6.0
      import PackageDescription

      let package = Package(
        name: "LeafFeature",
        products: [.library(name: "LeafFeature", targets: ["LeafFeature"])],
        dependencies: [.package(path: "../Core")],
        targets: [.target(name: "LeafFeature", dependencies: [.product(name: "CoreBase", package: "Core")])]
      )

      """)
    try write(
      "Packages/LeafFeature/Sources/LeafFeature/Leaf.swift",
      """
      import CoreBase

      public struct Leaf {
        public init() {}

        public func title() -> String {
          "leaf: " + Base().greeting()
        }
      }

      """)
    try write(
      "App/Package.swift",
      """
      // swift-tools-version: 6.0
      import PackageDescription

      let package = Package(
        name: "App",
        products: [.executable(name: "demo", targets: ["Demo"])],
        dependencies: [.package(path: "../Packages/Core"), .package(path: "../Packages/LeafFeature")],
        targets: [
          .target(
            name: "AppFeature",
            dependencies: [
              .product(name: "CoreBase", package: "Core"),
              .product(name: "LeafFeature", package: "LeafFeature"),
            ]),
          .executableTarget(name: "Demo", dependencies: ["AppFeature"]),
        ]
      )

      """)
    try write(
      "App/Sources/AppFeature/App.swift",
      """
      import CoreBase
      import LeafFeature

      public func appTitle() -> String {
        "app: " + Leaf().title()
      }

      """)
    try write("App/Sources/Demo/main.swift", "import AppFeature\n\nprint(appTitle())\n")
    // What the product check runs the demo with (this demo reads no input).
    try write("Tests/Transcripts/title.input", "quit\n")
  }

  func write(_ path: String, _ text: String) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  /// Every source file's bytes (build folders left out), to show the tree is as it was.
  func snapshot() throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
      // Build folders (.build, and .build-buildtime with the tool's journal) are ignored.
      if url.lastPathComponent.hasPrefix(".build") {
        enumerator?.skipDescendants()
        continue
      }
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
      files[url.path] = isDirectory.boolValue ? Data() : try Data(contentsOf: url)
    }
    return files
  }

  func remove() {
    try? FileManager.default.removeItem(at: root)
  }
}
