/// The manifests and sources of a synthetic workspace.
extension SyntheticWorkspace {
  static let header = "// swift-tools-version: 6.2\nimport PackageDescription\n\n"

  static func coreManifest() -> String {
    let products = coreModules.map {
      "    .library(name: \"\($0.name)\", targets: [\"\($0.name)\"]),"
    }
    let targets = coreModules.map { module in
      "    .target(name: \"\(module.name)\", dependencies: [\(module.dependencies.map { "\"\($0)\"" }.joined(separator: ", "))]),"
    }
    return header + """
      let package = Package(
        name: "Core",
        platforms: [.macOS(.v15)],
        products: [
      \(products.joined(separator: "\n"))
        ],
        targets: [
      \(targets.joined(separator: "\n"))
        ],
        swiftLanguageModes: [.v6]
      )

      """
  }

  static func featureManifest(_ name: String) -> String {
    header + """
      let package = Package(
        name: "\(name)",
        platforms: [.macOS(.v15)],
        products: [.library(name: "\(name)", targets: ["\(name)"])],
        dependencies: [.package(path: "../Core")],
        targets: [
          .target(
            name: "\(name)",
            dependencies: [
              .product(name: "CoreRouting", package: "Core"),
              .product(name: "CoreStore", package: "Core"),
              .product(name: "CoreUI", package: "Core"),
            ])
        ],
        swiftLanguageModes: [.v6]
      )

      """
  }

  static func appManifest(_ count: Int) -> String {
    let names = (1...count).map(featureName)
    return header + """
      let package = Package(
        name: "App",
        platforms: [.macOS(.v15)],
        products: [.executable(name: "demo", targets: ["Demo"])],
        dependencies: [
          .package(path: "../Packages/Core"),
      \(names.map { "    .package(path: \"../Packages/\($0)\")," }.joined(separator: "\n"))
        ],
        targets: [
          .target(
            name: "AppFeature",
            dependencies: [
              .product(name: "CoreStore", package: "Core"),
      \(names.map { "        .product(name: \"\($0)\", package: \"\($0)\")," }.joined(separator: "\n"))
            ]),
          .executableTarget(name: "Demo", dependencies: ["AppFeature"]),
        ],
        swiftLanguageModes: [.v6]
      )

      """
  }

  /// One manifest at the root with a target per module, at the template's folders: the
  /// layout of the repo's generated root workspace.
  static func workspaceManifest(_ count: Int) -> String {
    let names = (1...count).map(featureName)
    func quoted(_ names: [String]) -> String {
      names.map { "\"\($0)\"" }.joined(separator: ", ")
    }
    let core = coreModules.map { module in
      "    .target(name: \"\(module.name)\", dependencies: [\(quoted(module.dependencies))], path: \"Packages/Core/Sources/\(module.name)\"),"
    }
    let features = names.map { name in
      "    .target(name: \"\(name)\", dependencies: [\"CoreRouting\", \"CoreStore\", \"CoreUI\"], path: \"Packages/\(name)/Sources/\(name)\"),"
    }
    return header + """
      let package = Package(
        name: "Workspace",
        platforms: [.macOS(.v15)],
        products: [.executable(name: "demo", targets: ["Demo"])],
        targets: [
      \(core.joined(separator: "\n"))
      \(features.joined(separator: "\n"))
          .target(name: "AppFeature", dependencies: [\(quoted(["CoreStore"] + names))], path: "App/Sources/AppFeature"),
          .executableTarget(name: "Demo", dependencies: ["AppFeature"], path: "App/Sources/Demo"),
        ],
        swiftLanguageModes: [.v6]
      )

      """
  }

  static func monolithManifest() -> String {
    header + """
      let package = Package(
        name: "Monolith",
        platforms: [.macOS(.v15)],
        products: [.executable(name: "demo", targets: ["Demo"])],
        targets: [.executableTarget(name: "Demo")],
        swiftLanguageModes: [.v6]
      )

      """
  }

  static func appSource(_ count: Int) -> String {
    let names = (1...count).map(featureName)
    return names.map { "import \($0)" }.joined(separator: "\n") + """

      import CoreStore

      /// How many features the app assembles.
      public func featureCount() -> Int {
        var reducers: [any Reducer] = []
      \(names.map { "  reducers.append(\($0)())" }.joined(separator: "\n"))
        return reducers.count
      }

      """
  }

  /// A feature shaped like the real ones: a reducer with Route/delegate and a text view.
  static func featureSource(_ name: String, index: Int) -> String {
    """
    import CoreRouting
    import CoreStore
    import CoreUI

    /// Synthetic feature \(index).
    public struct \(name): Reducer, Sendable {
      /// Where it may ask to go.
      public enum Route: Equatable, Sendable { case next(Int) }

      /// Its state.
      public struct State: Equatable, Sendable {
        /// A count.
        public var count = 0
        /// A label.
        public var label = ""
        /// A new state.
        public init() {}
      }

      /// Its actions.
      public enum Action: Equatable, Sendable {
        case increment
        case rename(String)
        case nextTapped
        case delegate(Delegate)

        /// Requests for the parent.
        public enum Delegate: Equatable, Sendable { case navigate(NavigationCommand<Route>) }
      }

      /// The feature.
      public init() {}

      /// Counts, renames, asks to go on.
      public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .increment:
          state.label = "Feature \(index) counted"
          state.count += 1
          return .none
        case .rename(let label):
          state.label = label
          return .none
        case .nextTapped:
          return .send(.delegate(.navigate(.push(.next(\(index) + 1)))))
        case .delegate:
          return .none
        }
      }
    }

    /// Its text view.
    public struct \(name)View: TextView {
      /// The store.
      public let store: Store<\(name).State, \(name).Action>

      /// A view.
      public init(store: Store<\(name).State, \(name).Action>) {
        self.store = store
      }

      /// Its lines.
      public func render() -> [String] {
        ["Feature \(index)", "  \\(store.state.label): \\(store.state.count)"]
      }

      /// Its commands.
      public var commands: [TextCommand] {
        [
          TextCommand("+", help: "Count") { _ in store.send(.increment) },
          TextCommand("next", help: "Go on") { _ in store.send(.nextTapped) },
        ]
      }
    }

    """
  }
}
