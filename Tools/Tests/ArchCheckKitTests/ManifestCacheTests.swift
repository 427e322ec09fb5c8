import Foundation
import Testing

@testable import ArchCheckKit

/// `ManifestCache`: one `dump-package` per manifest text, and never a description that belongs
/// to another folder or to an older text.
@Suite("manifest cache")
struct ManifestCacheTests {
  /// A fresh temporary folder for one test, removed by the caller.
  private func scratch() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "manifest-cache-\(UUID().uuidString)")
  }

  private func write(_ text: String, to folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: folder.appendingPathComponent("Package.swift"))
  }

  @Test("paths relative to a folder, inside it, beside it and above it")
  func relativePaths() {
    #expect(
      PackageManifest.relativePath(of: "/r/Packages/Core", from: "/r/Packages/Hoge") == "../Core")
    #expect(
      PackageManifest.relativePath(of: "/r/Packages/Core", from: "/r/App") == "../Packages/Core")
    #expect(PackageManifest.relativePath(of: "/r/App/Sub", from: "/r/App") == "Sub")
    #expect(PackageManifest.relativePath(of: "/r/App", from: "/r/App") == ".")
    #expect(PackageManifest.relativePath(of: "/other", from: "/r/App") == "../../other")
  }

  @Test("only a manifest that reads nothing but its own text is shared between folders")
  func declarative() {
    #expect(ManifestCache.isDeclarative(FixtureRepo.featureManifest("Hoge")))
    #expect(!ManifestCache.isDeclarative("import PackageDescription\nimport Foundation\n"))
    #expect(
      !ManifestCache.isDeclarative("import PackageDescription\nlet p = Context.packageDirectory\n"))
    #expect(!ManifestCache.isDeclarative("import PackageDescription\nlet here = #filePath\n"))
    #expect(!ManifestCache.isDeclarative(#".package(path: "/opt/Kit")"#))
    #expect(!ManifestCache.isDeclarative(#".package(path:"~/Kit")"#))
    #expect(ManifestCache.isDeclarative(#".package(path: "../Kit")"#))
  }

  @Test("a dependency at an absolute path stays there when the same text is read elsewhere")
  func absoluteDependency() throws {
    let root = scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    let core = root.appendingPathComponent("Shared/Core").standardizedFileURL.path
    let text = FixtureRepo.featureManifest("Hoge").replacingOccurrences(
      of: #".package(path: "../Core")"#, with: ".package(path: \"\(core)\")")
    for folder in ["one/Hoge", "two/deeper/Hoge"] {
      let url = root.appendingPathComponent(folder)
      try write(text, to: url)
      let manifest = try PackageManifest.load(from: url)
      #expect(manifest.dependencies == [.local(identity: "core", path: core)], "\(folder)")
    }
  }

  @Test("the same declarative text in two folders: each gets its own folder and dependency paths")
  func sameTextTwoFolders() throws {
    let root = scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    let first = root.appendingPathComponent("one/Packages/HogeFeature")
    let second = root.appendingPathComponent("two/deeper/Packages/HogeFeature")
    for folder in [first, second] {
      try write(FixtureRepo.featureManifest("Hoge"), to: folder)
    }
    let manifests = try [first, second].map { try PackageManifest.load(from: $0) }
    for (manifest, folder) in zip(manifests, [first, second]) {
      #expect(manifest.directory == folder.standardizedFileURL)
      let core = folder.deletingLastPathComponent().appendingPathComponent("Core").path
      #expect(manifest.dependencies == [.local(identity: "core", path: core)])
      #expect(manifest.targets.map(\.name) == ["HogeFeature"])
    }
  }

  @Test("a manifest that reads its folder is asked again in another folder")
  func placeDependentManifest() throws {
    let root = scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    let text = """
      // swift-tools-version: 6.0
      import PackageDescription

      let package = Package(name: Context.packageDirectory.split(separator: "/").last.map(String.init) ?? "?")

      """
    let names = try ["Alpha", "Beta"].map { name in
      let folder = root.appendingPathComponent(name)
      try write(text, to: folder)
      return try PackageManifest.load(from: folder).name
    }
    #expect(names == ["Alpha", "Beta"])
  }

  @Test("an edited manifest is read again; one that fails is not remembered as loaded")
  func editedAndBrokenManifests() throws {
    let folder = scratch().appendingPathComponent("Packages/FugaFeature")
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let manifest = FixtureRepo.featureManifest("Fuga")
    try write(manifest, to: folder)
    #expect(try PackageManifest.load(from: folder).name == "FugaFeature")
    try write(
      manifest.replacingOccurrences(
        of: "\"FugaFeature\",\n  products", with: "\"Renamed\",\n  products"), to: folder)
    #expect(try PackageManifest.load(from: folder).name == "Renamed")
    try write(manifest + "this is not Swift\n", to: folder)
    #expect(throws: ArchCheckError.self) { try PackageManifest.load(from: folder) }
    #expect(throws: ArchCheckError.self) { try PackageManifest.load(from: folder) }
    try write(manifest, to: folder)
    #expect(try PackageManifest.load(from: folder).name == "FugaFeature")
  }
}
