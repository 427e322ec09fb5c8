import Foundation
import Testing

@testable import ArchCheckKit

/// Rule 9 and `archcheck workspace`: the root Package.swift holds every module of the app's
/// packages with the edges their own manifests declare, and `make check` catches it stale.
@Suite("root workspace")
struct WorkspaceTests {
  @Test(
    "every module of every package but Tools and TCAExamples, at its own folder, products resolved"
  )
  func holdsEveryModule() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.addClient("Weather")
    try repo.write("Tools/Package.swift", FixtureRepo.featureManifest("Tool"))
    try repo.write("TCAExamples/Package.swift", FixtureRepo.featureManifest("Example"))
    try RootWorkspace.write(root: repo.root)
    let text = try repo.read("Package.swift")
    for (module, folder) in [
      ("CoreStore", "Packages/Core/Sources/CoreStore"),
      ("HogeFeature", "Packages/HogeFeature/Sources/HogeFeature"),
      ("WeatherClientLive", "Packages/Clients/WeatherClient/Sources/WeatherClientLive"),
      ("AppFeature", "App/Sources/AppFeature"),
    ] {
      #expect(text.contains("name: \"\(module)\",\n      dependencies: "), "\(module)")
      #expect(text.contains("path: \"\(folder)\""), "\(folder)")
    }
    // `.product(name: "WeatherClient", package: "WeatherClient")` becomes the target it names.
    #expect(text.contains("dependencies: [\"CoreUI\", \"WeatherClient\"]"))
    #expect(!text.contains("ToolFeature"))
    #expect(!text.contains("ExampleFeature"))
    #expect(try workspaceViolations(repo).isEmpty)
  }

  @Test("a manifest edit leaves the workspace stale: reported, and make generate mends it")
  func staleIsReported() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.edit(
      "Packages/FugaFeature/Package.swift",
      replacing: "dependencies: [.product(name: \"CoreUI\", package: \"Core\")]",
      with: "dependencies: [.product(name: \"CoreUI\", package: \"Core\"), "
        + ".product(name: \"CoreStore\", package: \"Core\")]")
    let stale = try workspaceViolations(repo)
    #expect(stale.map(\.path) == ["Package.swift"])
    #expect(stale.first?.message.contains("run make generate") == true)
    #expect(try RootWorkspace.write(root: repo.root))
    #expect(try workspaceViolations(repo).isEmpty)
    #expect(try !RootWorkspace.write(root: repo.root))
  }

  @Test("a missing root manifest is reported")
  func missingIsReported() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try FileManager.default.removeItem(at: repo.root.appendingPathComponent("Package.swift"))
    #expect(try workspaceViolations(repo).map(\.path) == ["Package.swift"])
  }

  @Test(
    "what one manifest cannot hold is refused with the package's path, writing nothing",
    arguments: [
      // Hoge's package, product and module all renamed to Fuga's: two modules of one name.
      (
        "a module name two packages use", "\"HogeFeature\"", "\"FugaFeature\"",
        "target FugaFeature is also a target of"
      ),
      (
        "a setting it does not carry", "package: \"Core\")]\n",
        "package: \"Core\")],\n      swiftSettings: [.define(\"FAST\")]\n",
        "a Swift setting the workspace does not carry (define)"
      ),
      (
        "resources", "package: \"Core\")]\n",
        "package: \"Core\")],\n      resources: [.copy(\"data.json\")]\n", "has resources"
      ),
    ])
  func refusals(_ case: String, old: String, new: String, message: String) throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    let manifest = "Packages/HogeFeature/Package.swift"
    try repo.write(manifest, try repo.read(manifest).replacingOccurrences(of: old, with: new))
    try repo.write("Packages/HogeFeature/Sources/HogeFeature/data.json", "{}\n")
    let before = try repo.read("Package.swift")
    do {
      try RootWorkspace.write(root: repo.root)
      Issue.record("\(`case`): written instead of refused")
    } catch {
      let text = String(describing: error)
      #expect(text.contains(message), "\(`case`): \(text)")
      #expect(text.contains("Packages/HogeFeature/Package.swift:1: "), "\(`case`): \(text)")
      #expect(!text.contains("\n"), "\(`case`): one line")
    }
    #expect(try repo.read("Package.swift") == before)
    #expect(try workspaceViolations(repo).first?.message.contains(message) == true)
  }

  /// Rule 9 alone, on the fixture as it is now.
  private func workspaceViolations(_ repo: FixtureRepo) throws -> [Violation] {
    let (loaded, problems) = try Repo.load(root: repo.root)
    #expect(problems.isEmpty)
    return RootWorkspace.check(loaded)
  }

  @Test("platforms merge to the highest version any package asks for, in first-seen order")
  func platformsMerge() {
    func manifest(_ platforms: [String]) -> PackageManifest {
      var manifest = PackageManifest(
        name: "P", directory: URL(fileURLWithPath: "/p"), dependencies: [], targets: [],
        products: [:])
      manifest.platforms = platforms
      return manifest
    }
    let merged = RootWorkspace.mergedPlatforms(of: [
      manifest([".macOS(\"15.0\")", ".iOS(\"18.0\")"]),
      manifest([".iOS(\"17.4\")", ".macOS(\"15.2\")", ".tvOS(\"18\")"]),
      manifest([]),
    ])
    #expect(merged == [".macOS(\"15.2\")", ".iOS(\"18.0\")", ".tvOS(\"18.0\")"])
  }
}
