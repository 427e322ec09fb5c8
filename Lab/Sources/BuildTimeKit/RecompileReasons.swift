import ArchCheckKit
import Foundation

/// Why a module's recompiled files changed for an edit of another, read from the module graph
/// of today's tree: whether it depends on the edited module (and through which), and how many
/// Swift files it has now. What `make timing` prints under a row whose recompiled set moved.
public struct RecompileReasons: Sendable {
  /// Who depends on whom, by module name.
  private let dependencies: [String: Set<String>]
  /// Each module's Swift file count, by module name.
  private let fileCounts: [String: Int]

  /// The reasons for the repo at `root`; none (empty answers) when it cannot be read.
  public init(root: URL) {
    guard let repo = try? Repo.load(root: root).repo else {
      dependencies = [:]
      fileCounts = [:]
      return
    }
    var dependencies: [String: Set<String>] = [:]
    for edge in ModuleGraph.build(repo).edges {
      dependencies[edge.from.target, default: []].insert(edge.to.target)
    }
    var counts: [String: Int] = [:]
    for manifest in repo.manifests {
      for target in manifest.targets where !target.isTest {
        let folder = manifest.directory.appendingPathComponent(target.path)
        counts[target.name] = ImportRules.swiftFiles(in: folder).count
      }
    }
    self.dependencies = dependencies
    self.fileCounts = counts
  }

  /// One clause: `AppFeature depends on HogeFeature directly; it has 15 Swift files now`.
  public func why(_ module: String, edited: String) -> String {
    let files = fileCounts[module].map { "it has \($0) Swift files now" }
    guard module != edited else { return files ?? "" }
    let dependence: String
    if let path = path(from: module, to: edited) {
      dependence =
        path.count == 2
        ? "it depends on \(edited) directly"
        : "it depends on \(edited) through \(path.dropFirst().dropLast().joined(separator: ", "))"
    } else {
      dependence = "it does not depend on \(edited) in today's graph"
    }
    return [dependence, files].compactMap { $0 }.joined(separator: "; ")
  }

  /// The shortest chain of dependencies from `module` to `target`, both ends included.
  private func path(from module: String, to target: String) -> [String]? {
    var previous: [String: String] = [:]
    var frontier = [module]
    var seen: Set<String> = [module]
    while !frontier.isEmpty {
      var next: [String] = []
      for node in frontier {
        for dependency in (dependencies[node] ?? []).sorted() where seen.insert(dependency).inserted
        {
          previous[dependency] = node
          if dependency == target {
            var chain = [target]
            while let step = previous[chain[0]] { chain.insert(step, at: 0) }
            return chain
          }
          next.append(dependency)
        }
      }
      frontier = next
    }
    return nil
  }
}
