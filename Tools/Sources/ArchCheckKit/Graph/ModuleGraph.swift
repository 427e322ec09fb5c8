/// The module graph: packages, their non-test targets, and the edges the manifests declare.
public struct ModuleGraph: Sendable, Equatable {
  /// One module.
  public struct Node: Sendable, Equatable, Hashable {
    /// The package that declares it (a subgraph of the drawing).
    public let package: String
    /// The target's name, which is the module's.
    public let target: String
    /// What it is for, which decides what it may depend on.
    public let kind: ModuleKind

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
        let from = Node(
          package: manifest.name, target: target.name, kind: repo.kind(of: target, in: manifest))
        nodes.append(from)
        for dependency in target.dependencies {
          for (owner, reached) in resolver.resolve(dependency, from: manifest) where !reached.isTest
          {
            let to = Node(
              package: owner.name, target: reached.name, kind: repo.kind(of: reached, in: owner))
            edges.insert(Edge(from: from, to: to))
          }
        }
      }
    }
    return ModuleGraph(nodes: nodes, edges: edges.sorted())
  }

  /// The style of each kind in a drawing: a Mermaid class name and a fill colour.
  static func style(of kind: ModuleKind) -> (name: String, fill: String) {
    switch kind {
    case .core: ("core", "#e8e8e8")
    case .clientInterface: ("client", "#dbe8fb")
    case .clientLive: ("liveClient", "#f9dede")
    case .feature: ("feature", "#ddf3dd")
    case .app: ("app", "#fbf3d0")
    case .other: ("other", "#ffffff")
    }
  }

  /// Mermaid `graph TD`, one subgraph per package, each module labelled and coloured by its
  /// kind.
  public func mermaid() -> String {
    var lines = ["graph TD"]
    var packages: [String] = []
    for node in nodes where !packages.contains(node.package) {
      packages.append(node.package)
    }
    for package in packages {
      lines.append("  subgraph \(package)")
      for node in nodes where node.package == package {
        let style = Self.style(of: node.kind)
        lines.append("    \(node.id)[\"\(node.target) · \(node.kind.rawValue)\"]:::\(style.name)")
      }
      lines.append("  end")
    }
    for edge in edges {
      lines.append("  \(edge.from.id) --> \(edge.to.id)")
    }
    for kind in ModuleKind.allCases where nodes.contains(where: { $0.kind == kind }) {
      let style = Self.style(of: kind)
      lines.append("  classDef \(style.name) fill:\(style.fill),stroke:#555")
    }
    return lines.joined(separator: "\n")
  }

  /// Graphviz DOT, one cluster per package, each module labelled and filled by its kind.
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
        let style = Self.style(of: node.kind)
        lines.append(
          "    \(node.id) [label=\"\(node.target)\\n\(node.kind.rawValue)\", style=filled, fillcolor=\"\(style.fill)\"];"
        )
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
