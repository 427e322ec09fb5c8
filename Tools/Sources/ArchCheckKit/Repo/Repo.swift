import Foundation

/// A Switchyard checkout: where its packages are and what their manifests say.
public struct Repo: Sendable {
  /// What a package is for; the rules differ by role.
  public enum Role: Sendable, Equatable {
    /// `Packages/Core`.
    case core
    /// `Packages/<Name>Feature`.
    case feature
    /// `Packages/Clients/<Name>Client`: a client's interface module and its live module.
    case client
    /// `App`.
    case app
    /// Anything else (`Tools`, `Tests`, `TCAExamples`, `Fuzz`, `Lab`, other packages under
    /// `Packages/`).
    case other
  }

  /// The repo's root folder.
  public let root: URL
  /// Every package's manifest, in a stable order (by folder).
  public let manifests: [PackageManifest]

  /// The package folders of a repo: `Packages/*`, `Packages/Clients/*`, `App`, `Tools`, `Tests`,
  /// `TCAExamples`, `Fuzz` and `Lab`, each with a `Package.swift`.
  public static func packageDirectories(root: URL) throws(ArchCheckError) -> [URL] {
    let fileManager = FileManager.default
    guard
      fileManager.fileExists(
        atPath: root.appendingPathComponent("Packages/Core/Package.swift").path)
    else {
      throw .notARepo(root.path)
    }
    let packages = root.appendingPathComponent("Packages")
    let names = (try? fileManager.contentsOfDirectory(atPath: packages.path)) ?? []
    var directories = names.sorted().map { packages.appendingPathComponent($0) }
    let clients = packages.appendingPathComponent("Clients")
    let clientNames = (try? fileManager.contentsOfDirectory(atPath: clients.path)) ?? []
    directories += clientNames.sorted().map { clients.appendingPathComponent($0) }
    directories += ["App", "Tools", "Tests", "TCAExamples", "Fuzz", "Lab"].map {
      root.appendingPathComponent($0)
    }
    return directories.filter {
      fileManager.fileExists(atPath: $0.appendingPathComponent("Package.swift").path)
    }
  }

  /// Loads every manifest (in parallel). Manifests that do not load come back as violations.
  public static func load(root: URL) throws(ArchCheckError) -> (repo: Repo, problems: [Violation]) {
    let root = root.standardizedFileURL
    let directories = try packageDirectories(root: root)
    let results = ResultSlots<Result<PackageManifest, ArchCheckError>>(count: directories.count)
    DispatchQueue.concurrentPerform(iterations: directories.count) { index in
      do throws(ArchCheckError) {
        results[index] = .success(try PackageManifest.load(from: directories[index]))
      } catch {
        results[index] = .failure(error)
      }
    }
    var manifests: [PackageManifest] = []
    var problems: [Violation] = []
    for (index, result) in results.values.enumerated() {
      let manifestURL = directories[index].appendingPathComponent("Package.swift")
      switch result {
      case .success(let manifest)?:
        manifests.append(manifest)
      case .failure(.manifestDoesNotLoad(_, let line, let reason))?:
        problems.append(
          Violation(
            path: relativePath(of: manifestURL, root: root), line: line,
            message: "the manifest does not load: \(reason); fix it first"))
      case .failure(let error)?:
        problems.append(
          Violation(
            path: relativePath(of: manifestURL, root: root), line: 1,
            message: "the manifest does not load: \(error); fix it first"))
      case nil:
        problems.append(
          Violation(
            path: relativePath(of: manifestURL, root: root), line: 1,
            message: "the manifest was not read; run archcheck again"))
      }
    }
    return (Repo(root: root, manifests: manifests), problems)
  }

  /// A repo from manifests already loaded (for tests of the rules).
  public init(root: URL, manifests: [PackageManifest]) {
    self.root = root.standardizedFileURL
    self.manifests = manifests
  }

  /// What a package is for.
  public func role(of manifest: PackageManifest) -> Role {
    let directory = manifest.directory.standardizedFileURL
    let packages = root.appendingPathComponent("Packages").standardizedFileURL
    if directory == packages.appendingPathComponent("Core").standardizedFileURL { return .core }
    if directory.deletingLastPathComponent().standardizedFileURL == packages,
      directory.lastPathComponent.hasSuffix("Feature")
    {
      return .feature
    }
    if directory.deletingLastPathComponent().standardizedFileURL
      == packages.appendingPathComponent("Clients").standardizedFileURL
    {
      return .client
    }
    if directory == root.appendingPathComponent("App").standardizedFileURL { return .app }
    return .other
  }

  /// What a module is for: the package's role, and for a client package whether the module is
  /// the interface or the live value (named `<Interface>Live`). Test targets are `.other`.
  public func kind(of target: PackageManifest.Target, in manifest: PackageManifest) -> ModuleKind {
    if target.isTest { return .other }
    switch role(of: manifest) {
    case .core: return .core
    case .feature: return .feature
    // An executable beside a client (a benchmark of its live value) is a lab tool, not part
    // of the interface or the live value: nothing depends on it.
    case .client where target.isExecutable: return .other
    case .client: return target.name.hasSuffix("Live") ? .clientLive : .clientInterface
    case .app: return .app
    case .other: return .other
    }
  }

  /// The manifest of the package in `path` (an absolute folder), if it is in the repo.
  public func manifest(atPath path: String) -> PackageManifest? {
    let wanted = URL(fileURLWithPath: path).standardizedFileURL
    return manifests.first { $0.directory.standardizedFileURL == wanted }
  }

  /// `url` relative to the root, for messages.
  public func relativePath(_ url: URL) -> String {
    Self.relativePath(of: url, root: root)
  }

  /// `url` relative to `root`, for messages; unchanged when it is outside `root`.
  public static func relativePath(of url: URL, root: URL) -> String {
    let full = url.standardizedFileURL.path
    let prefix = root.standardizedFileURL.path + "/"
    return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : full
  }
}

/// Slots that parallel workers fill, one each.
final class ResultSlots<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [Value?]

  init(count: Int) {
    slots = Array(repeating: nil, count: count)
  }

  subscript(index: Int) -> Value? {
    get { lock.withLock { slots[index] } }
    set { lock.withLock { slots[index] = newValue } }
  }

  var values: [Value?] { lock.withLock { slots } }
}
