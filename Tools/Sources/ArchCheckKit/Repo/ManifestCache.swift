import Foundation
import Synchronization

/// Manifests already loaded in this process, so the same `Package.swift` text costs one
/// `dump-package` (about 0.2–0.4 s of CPU) however often it is read: `archcheck generate`
/// reads every manifest twice, and the tools' tests read the same fixture manifests hundreds of
/// times.
///
/// A manifest's description follows from its text and its folder. A declarative manifest (no
/// `Foundation`, no `Context`, no `#file`: nothing that reads the file system, the environment
/// or its own location; no dependency at an absolute path) depends on its folder only through
/// its relative `.package(path:)` dependencies, which SwiftPM resolves against the folder;
/// such a description is kept relative to the folder and reused for the same text anywhere.
/// Any other manifest is reused only for the same text in the same folder. Failures are never
/// kept: a manifest that did not load is asked again.
enum ManifestCache {
  private struct Key: Hashable {
    let text: String
    /// Empty for a declarative manifest, whose description moves with it.
    let directory: String
  }

  private static let entries = Mutex<[Key: PackageManifest]>([:])

  /// The manifest in `directory`, from the cache or from `load`, which it then keeps.
  static func manifest(
    in directory: URL, load: (URL) throws(ArchCheckError) -> PackageManifest
  ) throws(ArchCheckError) -> PackageManifest {
    let directory = directory.standardizedFileURL
    guard
      let data = FileManager.default.contents(
        atPath: directory.appendingPathComponent("Package.swift").path)
    else {
      return try load(directory)
    }
    let text = String(decoding: data, as: UTF8.self)
    let key = Key(text: text, directory: isDeclarative(text) ? "" : directory.path)
    if let cached = entries.withLock({ $0[key] }) {
      return cached.moved(to: directory)
    }
    let manifest = try load(directory)
    if key.directory.isEmpty, manifest.dependencies.contains(where: { !$0.isLocal }) {
      // A remote dependency's location may be a path of its own; keep it where it was read.
      entries.withLock { $0[Key(text: text, directory: directory.path)] = manifest }
    } else {
      entries.withLock { $0[key] = manifest }
    }
    return manifest
  }

  /// Whether the text describes the same package relative to any folder: no import besides
  /// PackageDescription, no `Context`, no `#file` or `#filePath`, and no dependency at an
  /// absolute or home-relative path (`.package(path: "/opt/Kit")` stays where it is when the
  /// manifest moves).
  static func isDeclarative(_ text: String) -> Bool {
    let importsOnlyPackageDescription = SwiftSourceScanner.imports(in: text).allSatisfy {
      $0.module == "PackageDescription"
    }
    let readsItsPlace = ["Context.", "#file", "#filePath"].contains { text.contains($0) }
    let namesAFixedPath = text.contains(#/path\s*:\s*"[/~]/#)
    return importsOnlyPackageDescription && !readsItsPlace && !namesAFixedPath
  }
}

extension PackageManifest.Dependency {
  /// Whether this is a `.package(path:)` dependency.
  var isLocal: Bool {
    if case .local = self { return true }
    return false
  }
}

extension PackageManifest {
  /// The same description read in `newDirectory`: the folder and the local dependencies' paths
  /// move with it, each keeping its place relative to the manifest.
  func moved(to newDirectory: URL) -> PackageManifest {
    let oldDirectory = directory.standardizedFileURL
    guard oldDirectory != newDirectory else { return self }
    var moved = PackageManifest(
      name: name, directory: newDirectory,
      dependencies: dependencies.map { dependency in
        guard case .local(let identity, let path) = dependency else { return dependency }
        let relative = Self.relativePath(of: path, from: oldDirectory.path)
        return .local(
          identity: identity,
          path: newDirectory.appendingPathComponent(relative).standardizedFileURL.path)
      },
      targets: targets, products: products)
    moved.executableProducts = executableProducts
    moved.platforms = platforms
    moved.toolsVersion = toolsVersion
    return moved
  }

  /// `path` relative to the folder `base` (both absolute), with `..` where it leaves `base`.
  static func relativePath(of path: String, from base: String) -> String {
    let pathParts = path.split(separator: "/")
    let baseParts = base.split(separator: "/")
    var common = 0
    while common < min(pathParts.count, baseParts.count), pathParts[common] == baseParts[common] {
      common += 1
    }
    let up = Array(repeating: "..", count: baseParts.count - common)
    let down = pathParts[common...].map(String.init)
    let parts = up + down
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }
}
