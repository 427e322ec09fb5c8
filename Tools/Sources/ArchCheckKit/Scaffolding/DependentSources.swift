import Foundation

/// Marks the sources of every module built on a feature as changed, after `make feature`,
/// `make route`, `make remove-feature` or a `make generate` that writes screen code, so the next
/// build compiles those modules again.
///
/// Those commands change the layout of types other modules hold by value (a screen list's
/// case, a route's case) without changing the text of the types that hold them. SwiftPM's
/// incremental build (Swift 6.3) then recompiles the edited files but not a dependent module's
/// file that only stores such a value: the demo built after `make remove-feature` crashed
/// (`DemoExit.running`, written by `main.swift` with the old layout). These are open upstream
/// (swiftlang/swift#89636, swiftlang/swift-package-manager#10502); a clean build never shows it.
/// A newer modification time is what the driver reads as a change, so the files stay as they
/// are; the cost is recompiling the App, the previews and the tests once. make's builds have
/// the layout guard (``LayoutGuard``), which finds the same change by itself; this marking is
/// for a build that does not go through make (`swift build`, an editor).
public enum DependentSources {
  /// Sets the modification time of every Swift file of every module that depends, directly or
  /// through others, on a feature's module to now. Returns how many files it touched.
  @discardableResult
  public static func touch(root: URL) throws(ArchCheckError) -> Int {
    let (repo, _) = try Repo.load(root: root)
    return touch(repo)
  }

  /// ``touch(root:)`` on a repo already loaded.
  @discardableResult
  public static func touch(_ repo: Repo) -> Int {
    var count = 0
    let now = Date()
    for folder in folders(in: repo) {
      for file in ImportRules.swiftFiles(in: folder) {
        do {
          try FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: file.path)
          count += 1
        } catch {
          // A file that cannot be touched is left alone: the build it would have forced is
          // what `make clean` gives.
          continue
        }
      }
    }
    return count
  }

  /// The source folders of the modules built on a feature's module (not the features' own).
  static func folders(in repo: Repo) -> [URL] {
    var owner: [String: (manifest: PackageManifest, target: PackageManifest.Target)] = [:]
    var featureModules: Set<String> = []
    for manifest in repo.manifests {
      for target in manifest.targets {
        owner[target.name] = (manifest, target)
        if repo.kind(of: target, in: manifest) == .feature, !target.isExecutable {
          featureModules.insert(target.name)
        }
      }
    }
    // Whether a module reaches a feature's module through its dependencies.
    var reaches: [String: Bool] = [:]
    func reachesFeature(_ name: String, visiting: Set<String>) -> Bool {
      if let known = reaches[name] { return known }
      guard let (_, target) = owner[name], !visiting.contains(name) else { return false }
      var found = false
      for dependency in target.dependencies {
        let next: String
        switch dependency {
        case .target(let name), .byName(let name), .product(let name, _): next = name
        }
        if featureModules.contains(next) || reachesFeature(next, visiting: visiting.union([name])) {
          found = true
          break
        }
      }
      reaches[name] = found
      return found
    }
    var folders: [URL] = []
    for (name, (manifest, target)) in owner.sorted(by: { $0.key < $1.key })
    where !featureModules.contains(name) && reachesFeature(name, visiting: []) {
      folders.append(manifest.directory.appendingPathComponent(target.path))
    }
    return folders
  }
}
