import Foundation

/// What `swift package dump-package` says about one package: the facts the rules read.
public struct PackageManifest: Sendable, Equatable {
  /// A package this one depends on.
  public enum Dependency: Sendable, Equatable {
    /// `.package(path:)`, with the absolute path.
    case local(identity: String, path: String)
    /// A package named by URL or registry id: anything fetched from elsewhere.
    case remote(identity: String, location: String)

    /// The package's identity (its folder or repository name, lowercased by SwiftPM).
    public var identity: String {
      switch self {
      case .local(let identity, _), .remote(let identity, _): identity
      }
    }
  }

  /// One dependency of a target.
  public enum TargetDependency: Sendable, Equatable {
    /// A target of the same package.
    case target(String)
    /// A product of another package.
    case product(name: String, package: String)
    /// A target or product named without saying which.
    case byName(String)
  }

  /// A Swift setting of a target, as far as the root workspace carries it over.
  public enum Setting: Sendable, Equatable {
    /// `.treatAllWarnings(as: .error)`.
    case warningsAsErrors
    /// `.unsafeFlags(flags)`, for every build or for one configuration (`debug`, `release`).
    case unsafeFlags([String], configuration: String?)
    /// Anything else, as dump-package names its kind (`define`, `enableUpcomingFeature`, a
    /// setting for C, a platform condition, ...).
    case other(String)
  }

  /// One target.
  public struct Target: Sendable, Equatable {
    /// The module name.
    public let name: String
    /// `regular`, `executable`, `test`, ...
    public let type: String
    /// The source folder relative to the package (the SwiftPM default when not given).
    public let path: String
    /// What it depends on.
    public let dependencies: [TargetDependency]
    /// Its settings, in order.
    public var settings: [Setting] = []
    /// Paths it excludes from its sources, relative to its folder.
    public var exclude: [String] = []
    /// How many resource rules it declares.
    public var resourceCount = 0

    /// Whether this is a test target.
    public var isTest: Bool { type == "test" }
    /// An executable target (a preview, a benchmark, the demo).
    public var isExecutable: Bool { type == "executable" }
  }

  /// The package's name.
  public let name: String
  /// The package folder.
  public let directory: URL
  /// The packages it depends on.
  public let dependencies: [Dependency]
  /// Its targets, test targets included, in the order the manifest declares them.
  public let targets: [Target]
  /// Its products: name → target names.
  public let products: [String: [String]]
  /// The names of its executable products.
  public var executableProducts: Set<String> = []
  /// Its platforms, as the manifest spells them (`.macOS("15.0")`).
  public var platforms: [String] = []
  /// Its tools version (`6.2.0`).
  public var toolsVersion = ""

  /// The manifest file.
  public var manifestURL: URL { directory.appendingPathComponent("Package.swift") }

  /// Loads the manifest in `directory` with `swift package dump-package`, once per manifest
  /// text in a process (see `ManifestCache`).
  public static func load(from directory: URL) throws(ArchCheckError) -> PackageManifest {
    try ManifestCache.manifest(in: directory, load: dump)
  }

  /// Asks `swift package dump-package` for the manifest in `directory`, or reads what it said
  /// for the same declarative text before (``ManifestDiskCache``).
  private static func dump(_ directory: URL) throws(ArchCheckError) -> PackageManifest {
    let text = FileManager.default.contents(
      atPath: directory.appendingPathComponent("Package.swift").path
    ).map { String(decoding: $0, as: UTF8.self) }
    let keepable = text.map(ManifestCache.isDeclarative) ?? false
    if keepable, let text, let kept = ManifestDiskCache.read(text: text),
      let manifest = try? parse(Data(kept.dump.utf8), directory: kept.directory)
    {
      return manifest.moved(to: directory.standardizedFileURL)
    }
    let output: Shell.Output
    do {
      output = try Shell.run(["swift", "package", "dump-package", "--package-path", directory.path])
    } catch {
      throw .commandFailed("swift package dump-package could not start: \(error)")
    }
    guard output.status == 0 else {
      let manifestPath = directory.appendingPathComponent("Package.swift").path
      let (line, reason) =
        Self.firstCompilerError(in: output.stderr, manifest: manifestPath)
        ?? (1, Self.firstErrorLine(in: output.stderr) ?? "exit status \(output.status)")
      throw .manifestDoesNotLoad(path: manifestPath, line: line, reason: reason)
    }
    let manifest = try parse(Data(output.stdout.utf8), directory: directory)
    if keepable, let text, !manifest.dependencies.contains(where: { !$0.isLocal }) {
      ManifestDiskCache.write(text: text, dump: output.stdout, directory: directory)
    }
    return manifest
  }

  /// The compiler's first error about the manifest in what `dump-package` printed: its line,
  /// and its text from `error:` on. SwiftPM's own first line is the compiler's command line,
  /// which says nothing a person can act on.
  static func firstCompilerError(in stderr: String, manifest: String)
    -> (line: Int, message: String)?
  {
    for text in stderr.split(separator: "\n") where text.hasPrefix(manifest + ":") {
      let rest = text.dropFirst(manifest.count + 1)
      let fields = rest.split(separator: ":", maxSplits: 2)
      guard fields.count == 3, let line = Int(fields[0]), Int(fields[1]) != nil else { continue }
      let message = fields[2].trimmingCharacters(in: .whitespaces)
      if message.hasPrefix("error:") { return (line, message) }
    }
    return nil
  }

  /// The first line of `stderr` that says `error`, without SwiftPM's compiler command line.
  private static func firstErrorLine(in stderr: String) -> String? {
    guard let line = stderr.split(separator: "\n").first(where: { $0.contains("error") }) else {
      return nil
    }
    return line.components(separatedBy: " (compiled with:").first
  }

  /// Reads the JSON that `dump-package` prints.
  public static func parse(_ json: Data, directory: URL) throws(ArchCheckError) -> PackageManifest {
    guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
      let name = object["name"] as? String
    else {
      throw .manifestDoesNotLoad(
        path: directory.appendingPathComponent("Package.swift").path, line: 1,
        reason: "dump-package printed something that is not a package description")
    }
    let dependencies = (object["dependencies"] as? [[String: Any]] ?? []).compactMap(dependency)
    let targets = (object["targets"] as? [[String: Any]] ?? []).compactMap(target)
    var products: [String: [String]] = [:]
    var executables: Set<String> = []
    for product in object["products"] as? [[String: Any]] ?? [] {
      if let productName = product["name"] as? String {
        products[productName] = product["targets"] as? [String] ?? []
        if (product["type"] as? [String: Any])?["executable"] != nil {
          executables.insert(productName)
        }
      }
    }
    var manifest = PackageManifest(
      name: name, directory: directory, dependencies: dependencies, targets: targets,
      products: products)
    manifest.executableProducts = executables
    manifest.platforms = (object["platforms"] as? [[String: Any]] ?? []).map { platform in
      let platformName = platform["platformName"] as? String ?? "?"
      let version = platform["version"] as? String ?? "?"
      return ".\(Self.platformSpelling[platformName] ?? platformName)(\"\(version)\")"
    }
    manifest.toolsVersion =
      (object["toolsVersion"] as? [String: Any])?["_version"] as? String ?? ""
    return manifest
  }

  /// How `Package(platforms:)` spells the platforms dump-package names in lowercase.
  private static let platformSpelling = [
    "macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS",
    "visionos": "visionOS", "maccatalyst": "macCatalyst", "driverkit": "driverKit",
  ]

  private static func setting(_ entry: [String: Any]) -> Setting {
    let kind = entry["kind"] as? [String: Any] ?? [:]
    let kindName = kind.keys.sorted().first ?? "?"
    guard entry["tool"] as? String == "swift" else {
      return .other("\(kindName) for \(entry["tool"] as? String ?? "another tool")")
    }
    let condition = entry["condition"] as? [String: Any]
    if let platforms = condition?["platformNames"] as? [String], !platforms.isEmpty {
      return .other("\(kindName) on \(platforms.joined(separator: ", ")) only")
    }
    let configuration = condition?["config"] as? String
    if let warnings = kind["treatAllWarnings"] as? [String: Any],
      warnings["_0"] as? String == "error", configuration == nil
    {
      return .warningsAsErrors
    }
    if let flags = kind["unsafeFlags"] as? [String: Any], let list = flags["_0"] as? [String] {
      return .unsafeFlags(list, configuration: configuration)
    }
    return .other(kindName)
  }

  private static func dependency(_ entry: [String: Any]) -> Dependency? {
    if let local = (entry["fileSystem"] as? [[String: Any]])?.first {
      return .local(
        identity: local["identity"] as? String ?? "?", path: local["path"] as? String ?? "?")
    }
    for kind in ["sourceControl", "registry"] {
      if let remote = (entry[kind] as? [[String: Any]])?.first {
        let identity = remote["identity"] as? String ?? "?"
        var location = identity
        if let place = remote["location"] as? [String: Any] {
          if let urls = place["remote"] as? [[String: Any]],
            let url = urls.first?["urlString"] as? String
          {
            location = url
          } else if let urls = place["remote"] as? [String], let url = urls.first {
            location = url
          } else if let local = place["local"] as? [String], let path = local.first {
            location = path
          }
        }
        return .remote(identity: identity, location: location)
      }
    }
    return nil
  }

  private static func target(_ entry: [String: Any]) -> Target? {
    guard let name = entry["name"] as? String, let type = entry["type"] as? String else {
      return nil
    }
    let defaultPath = type == "test" ? "Tests/\(name)" : "Sources/\(name)"
    let dependencies: [TargetDependency] = (entry["dependencies"] as? [[String: Any]] ?? [])
      .compactMap {
        if let product = $0["product"] as? [Any], let productName = product.first as? String {
          return .product(
            name: productName, package: (product.count > 1 ? product[1] as? String : nil) ?? "")
        }
        if let target = $0["target"] as? [Any], let targetName = target.first as? String {
          return .target(targetName)
        }
        if let byName = $0["byName"] as? [Any], let targetName = byName.first as? String {
          return .byName(targetName)
        }
        return nil
      }
    var target = Target(
      name: name, type: type, path: entry["path"] as? String ?? defaultPath,
      dependencies: dependencies)
    target.settings = (entry["settings"] as? [[String: Any]] ?? []).map(setting)
    target.exclude = entry["exclude"] as? [String] ?? []
    target.resourceCount = (entry["resources"] as? [Any])?.count ?? 0
    return target
  }
}
