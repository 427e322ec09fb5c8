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

    /// Whether this is a test target.
    public var isTest: Bool { type == "test" }
  }

  /// The package's name.
  public let name: String
  /// The package folder.
  public let directory: URL
  /// The packages it depends on.
  public let dependencies: [Dependency]
  /// Its targets.
  public let targets: [Target]
  /// Its products: name → target names.
  public let products: [String: [String]]

  /// The manifest file.
  public var manifestURL: URL { directory.appendingPathComponent("Package.swift") }

  /// Loads the manifest in `directory` with `swift package dump-package`.
  public static func load(from directory: URL) throws(ArchCheckError) -> PackageManifest {
    let output: Shell.Output
    do {
      output = try Shell.run(["swift", "package", "dump-package", "--package-path", directory.path])
    } catch {
      throw .commandFailed("swift package dump-package could not start: \(error)")
    }
    guard output.status == 0 else {
      let firstError =
        output.stderr.split(separator: "\n").first { $0.contains("error") }.map(String.init)
        ?? "exit status \(output.status)"
      throw .manifestDoesNotLoad(
        path: directory.appendingPathComponent("Package.swift").path, reason: firstError)
    }
    return try parse(Data(output.stdout.utf8), directory: directory)
  }

  /// Reads the JSON that `dump-package` prints.
  public static func parse(_ json: Data, directory: URL) throws(ArchCheckError) -> PackageManifest {
    guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
      let name = object["name"] as? String
    else {
      throw .manifestDoesNotLoad(
        path: directory.appendingPathComponent("Package.swift").path,
        reason: "dump-package printed something that is not a package description")
    }
    let dependencies = (object["dependencies"] as? [[String: Any]] ?? []).compactMap(dependency)
    let targets = (object["targets"] as? [[String: Any]] ?? []).compactMap(target)
    var products: [String: [String]] = [:]
    for product in object["products"] as? [[String: Any]] ?? [] {
      if let productName = product["name"] as? String {
        products[productName] = product["targets"] as? [String] ?? []
      }
    }
    return PackageManifest(
      name: name, directory: directory, dependencies: dependencies, targets: targets,
      products: products)
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
    return Target(
      name: name, type: type, path: entry["path"] as? String ?? defaultPath,
      dependencies: dependencies)
  }
}
