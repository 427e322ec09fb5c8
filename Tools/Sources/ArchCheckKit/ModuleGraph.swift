/// The module graph: packages, their non-test targets, and the edges the manifests declare.
public struct ModuleGraph: Sendable, Equatable {
  /// One module.
  public struct Node: Sendable, Equatable, Hashable {
    /// Its package.
    public let package: String
    /// Its target.
    public let target: String

    var id: String {
      (package + "_" + target).map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
    }
  }

  /// The modules, grouped by package in manifest order.
  public let nodes: [Node]
  /// Who depends on whom, sorted.
  public let edges: [Edge]

  /// One dependency.
  public struct Edge: Sendable, Equatable, Hashable, Comparable {
    /// The module that depends.
    public let from: Node
    /// The module it depends on.
    public let to: Node

    /// By id, for a stable order.
    public static func < (lhs: Edge, rhs: Edge) -> Bool {
      (lhs.from.id, lhs.to.id) < (rhs.from.id, rhs.to.id)
    }
  }

  /// The graph of `repo`'s packages that have non-test targets.
  public static func build(_ repo: Repo) -> ModuleGraph {
    let resolver = ModuleResolver(repo: repo)
    var nodes: [Node] = []
    var edges: Set<Edge> = []
    for manifest in repo.manifests {
      for target in manifest.targets where !target.isTest {
        let from = Node(package: manifest.name, target: target.name)
        nodes.append(from)
        for dependency in target.dependencies {
          for (owner, reached) in resolver.resolve(dependency, from: manifest) where !reached.isTest
          {
            edges.insert(Edge(from: from, to: Node(package: owner.name, target: reached.name)))
          }
        }
      }
    }
    return ModuleGraph(nodes: nodes, edges: edges.sorted())
  }

  /// Mermaid `graph TD`, one subgraph per package.
  public func mermaid() -> String {
    var lines = ["graph TD"]
    var packages: [String] = []
    for node in nodes where !packages.contains(node.package) {
      packages.append(node.package)
    }
    for package in packages {
      lines.append("  subgraph \(package)")
      for node in nodes where node.package == package {
        lines.append("    \(node.id)[\(node.target)]")
      }
      lines.append("  end")
    }
    for edge in edges {
      lines.append("  \(edge.from.id) --> \(edge.to.id)")
    }
    return lines.joined(separator: "\n")
  }

  /// Graphviz DOT, one cluster per package.
  public func dot() -> String {
    var lines = ["digraph Switchyard {", "  rankdir=TB;", "  node [shape=box];"]
    var packages: [String] = []
    for node in nodes where !packages.contains(node.package) {
      packages.append(node.package)
    }
    for (index, package) in packages.enumerated() {
      lines.append("  subgraph cluster_\(index) {")
      lines.append("    label=\"\(package)\";")
      for node in nodes where node.package == package {
        lines.append("    \(node.id) [label=\"\(node.target)\"];")
      }
      lines.append("  }")
    }
    for edge in edges {
      lines.append("  \(edge.from.id) -> \(edge.to.id);")
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }
}
