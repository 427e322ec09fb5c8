import ArchCheckKit
import Foundation
import Testing

@Suite("archcheck verify on fixture repos")
struct VerifyTests {
  @Test("a clean fixture passes every rule")
  func clean() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    #expect(try repo.verify() == [])
  }

  @Test("a feature depending on another feature in its manifest is reported at that line")
  func featureDependsOnFeature() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.edit(
      "Packages/FugaFeature/Package.swift", replacing: ".package(path: \"../Core\"),",
      with: ".package(path: \"../Core\"),\n    .package(path: \"../HogeFeature\"),")
    try ArchCheck.writeGraph(root: repo.root)
    let found = try repo.verify().map(\.description)
    #expect(
      found == [
        "Packages/FugaFeature/Package.swift:9: FugaFeature depends on HogeFeature; a feature depends on ../Core and client packages (../Clients/<Name>Client) only"
      ])
  }

  @Test("an undeclared import of a sibling feature is reported at its file and line")
  func undeclaredImport() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.write(
      "Packages/FugaFeature/Sources/FugaFeature/Sneaky.swift",
      "import CoreUI\n@testable import HogeFeature\n")
    let violations = try repo.verify()
    #expect(violations.count == 1)
    #expect(violations.first?.path == "Packages/FugaFeature/Sources/FugaFeature/Sneaky.swift")
    #expect(violations.first?.line == 2)
    #expect(
      violations.first?.message
        == "FugaFeature imports HogeFeature, which it does not declare; a feature may import its own modules, Core's and client interfaces (declared: CoreDependencies, CoreStore, CoreUI)"
    )
  }

  @Test(
    "an undeclared import is found however it is written",
    arguments: [
      ("import `HogeFeature`\n", 1),
      ("import HogeFeature;\n", 1),
      ("import CoreUI; import HogeFeature\n", 1),
      ("import\n  HogeFeature\n", 1),
      ("// swift-format-ignore-file\n@testable\nimport\n`HogeFeature`\n", 3),
    ])
  func undeclaredImportShapes(source: String, line: Int) throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.write("Packages/FugaFeature/Sources/FugaFeature/Sneaky.swift", source)
    let violations = try repo.verify()
    #expect(violations.map(\.line) == [line])
    #expect(violations.first?.message.hasPrefix("FugaFeature imports HogeFeature") == true)
  }

  @Test("an import hidden in #if is found; imports in comments and strings are not")
  func hiddenImport() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.write(
      "Packages/FugaFeature/Sources/FugaFeature/Hidden.swift",
      """
      // import HogeFeature
      /* import HogeFeature */
      let text = "import HogeFeature"
      #if DEBUG
        import struct HogeFeature.Hoge
      #endif

      """)
    let violations = try repo.verify()
    #expect(violations.map(\.line) == [5])
    #expect(violations.first?.path.hasSuffix("Hidden.swift") == true)
  }

  @Test("Core depending on a feature is reported")
  func coreDependsOnFeature() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.edit(
      "Packages/Core/Package.swift", replacing: "  targets: [\n",
      with: "  dependencies: [.package(path: \"../HogeFeature\")],\n  targets: [\n")
    try ArchCheck.writeGraph(root: repo.root)
    let found = try repo.verify().map(\.description)
    #expect(
      found == [
        "Packages/Core/Package.swift:14: Core depends on HogeFeature; Core depends on no package, local or remote"
      ])
  }

  @Test("a remote package is reported wherever it appears")
  func remotePackage() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.edit(
      "App/Package.swift", replacing: "    .package(path: \"../Packages/Core\"),\n",
      with:
        "    .package(path: \"../Packages/Core\"),\n    .package("
        + "url: \"https://github.com/apple/swift-log\", from: \"1.0.0\"),\n"
    )
    let violations = try repo.verify()
    #expect(
      violations.map(\.description) == [
        "App/Package.swift:8: App names the remote package https://github.com/apple/swift-log; only local packages (.package(path:)) are allowed, so the repo builds offline"
      ])
  }

  @Test("a stale graph is reported, and make generate fixes it")
  func staleGraph() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.edit(
      "App/Package.swift",
      replacing: "        .product(name: \"FugaFeature\", package: \"FugaFeature\"),\n",
      with: "")
    try repo.edit(
      "App/Sources/AppFeature/Router.swift", replacing: "import FugaFeature\n", with: "")
    let violations = try repo.verify()
    #expect(
      violations.map(\.description) == [
        "Docs/ModuleGraph.md:1: the module graph is out of date with the manifests (a manifest changed, or a merge or a hand edit); run make generate and commit the result"
      ])
    #expect(try ArchCheck.writeGraph(root: repo.root))
    #expect(try repo.verify() == [])
    #expect(try ArchCheck.writeGraph(root: repo.root) == false)
  }

  @Test("every violation is reported, not only the first")
  func allViolations() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.write("Packages/HogeFeature/Sources/HogeFeature/A.swift", "import FugaFeature\n")
    try repo.write("Packages/FugaFeature/Sources/FugaFeature/B.swift", "import HogeFeature\n")
    try repo.write("App/Sources/AppFeature/C.swift", "import Missing\n")
    #expect(try repo.verify().count == 3)
  }

  @Test("a manifest that does not load is one line, the compiler's first error; nothing follows")
  func brokenInput() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    let manifest = try String(
      contentsOf: repo.root.appendingPathComponent("Packages/HogeFeature/Package.swift"),
      encoding: .utf8)
    let lines = manifest.split(separator: "\n", omittingEmptySubsequences: false).count
    try repo.write("Packages/HogeFeature/Package.swift", manifest + "\nlet broken = (\n")
    let violations = try repo.verify()
    #expect(violations.count == 1, "\(violations)")
    let violation = try #require(violations.first)
    #expect(violation.path == "Packages/HogeFeature/Package.swift")
    #expect(violation.line == lines + 2)
    #expect(violation.message.contains("does not load: error: expected expression"))
    #expect(!violation.message.contains("compiled with") && !violation.message.contains("\n"))
    try repo.write("Packages/HogeFeature/Package.swift", "this is not swift\n")
    let other = try #require(try repo.verify().first)
    #expect(other.path == "Packages/HogeFeature/Package.swift" && other.line == 1)
    #expect(other.message.contains("does not load: error:"))
    #expect(throws: ArchCheckError.notARepo("/tmp")) {
      try ArchCheck.verify(root: URL(fileURLWithPath: "/tmp"))
    }
  }

  @Test("the graph comes out as Mermaid and as DOT, with the manifests' edges")
  func graphFormats() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    let graph = try ArchCheck.graph(root: repo.root)
    #expect(graph.mermaid().contains("  App_AppFeature --> FugaFeature_FugaFeature"))
    #expect(graph.mermaid().contains("  Core_CoreUI --> Core_CoreStore"))
    #expect(graph.dot().contains("  HogeFeature_HogeFeature -> Core_CoreUI;"))
    #expect(graph.dot().hasPrefix("digraph Switchyard {"))
  }
}
