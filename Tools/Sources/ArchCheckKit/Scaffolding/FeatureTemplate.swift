/// The files of a new feature package, in the project's feature shape.
enum FeatureTemplate {
  /// Relative path → contents.
  static func files(for feature: FeatureName) -> [(path: String, contents: String)] {
    let name = feature.name
    let module = feature.module
    return [
      ("Package.swift", manifest(name: name, module: module)),
      ("Sources/\(module)/\(name).swift", reducer(name: name, module: module)),
      ("Sources/\(module)/\(name)View.swift", view(name: name, module: module)),
      ("Sources/\(name)Preview/main.swift", preview(name: name, module: module)),
      ("Tests/\(module)Tests/\(module)Tests.swift", tests(name: name, module: module)),
      ("Tests/\(module)Tests/\(name)PreviewTests.swift", previewTests(name: name)),
    ]
  }

  private static func manifest(name: String, module: String) -> String {
    """
    // swift-tools-version: 6.2
    import PackageDescription

    /// Settings every Switchyard target shares: Swift 6 mode (strict concurrency) and no warnings.
    let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

    let package = Package(
      name: "\(module)",
      platforms: [.macOS(.v15), .iOS(.v18)],
      products: [
        .library(name: "\(module)", targets: ["\(module)"]),
        .executable(name: "\(name)Preview", targets: ["\(name)Preview"]),
      ],
      dependencies: [.package(path: "../Core")],
      targets: [
        .target(
          name: "\(module)",
          dependencies: [
            .product(name: "CoreDependencies", package: "Core"),
            .product(name: "CoreStore", package: "Core"),
            .product(name: "CoreRouting", package: "Core"),
            .product(name: "CoreUI", package: "Core"),
          ],
          swiftSettings: strict
        ),
        .executableTarget(
          name: "\(name)Preview",
          dependencies: ["\(module)", .product(name: "CoreConsole", package: "Core")],
          swiftSettings: strict
        ),
        .testTarget(
          name: "\(module)Tests",
          dependencies: ["\(module)", .product(name: "CoreTesting", package: "Core")],
          swiftSettings: strict
        ),
      ],
      swiftLanguageModes: [.v6]
    )

    """
  }

  private static func reducer(name: String, module: String) -> String {
    """
    import CoreDependencies
    import CoreRouting
    import CoreStore

    /// \(name): a new screen. Say here what it is for.
    public struct \(name): Reducer, Sendable {
      /// Where \(name) may ask to go: a case per screen it opens, named like that screen's
      /// case in the App's screen list, with the values its `State` initializer takes.
      public enum Route: NavigationRoute {}

      /// What the screen holds (a count for now: replace it with \(name)'s own state).
      public struct State: Equatable, Sendable {
        /// A count, standing in for \(name)'s own state.
        public var count: Int

        /// \(name) with a count.
        public init(count: Int = 0) {
          self.count = count
        }
      }

      /// What can happen on \(name).
      public enum Action: Equatable, Sendable {
        /// The person typed `+`.
        case incrementTapped
        /// The person asked to go back.
        case backTapped
        /// The person asked for the first screen.
        case rootTapped
        /// Requests for whoever assembles the app.
        case delegate(Delegate)

        /// What \(name) asks of its parent.
        public enum Delegate: Equatable, Sendable {
          /// Change the navigation stack.
          case navigate(NavigationCommand<Route>)
        }
      }

      @Dependency(\\.dismiss) var dismiss

      /// The reducer; \(name) takes nothing to configure (`dismiss` is a dependency).
      public init() {}

      /// Counts, goes back with `dismiss`, and asks for the first screen.
      public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .incrementTapped:
          state.count += 1
          return .none
        case .backTapped:
          return .run { _ in await dismiss() }
        case .rootTapped:
          return .send(.delegate(.navigate(.popToRoot)))
        case .delegate:
          return .none
        }
      }
    }

    extension \(name): Screen {
      /// "\(name)", in the breadcrumb and the log.
      public static let title = "\(name)"
    }

    """
  }

  private static func view(name: String, module: String) -> String {
    """
    import CoreStore
    import CoreUI

    /// Shows \(name)'s state as lines and declares the commands a person may type on it; a
    /// SwiftUI view on the same store would sit in its place on Apple platforms.
    public struct \(name)View: TextView {
      /// What the view renders, and where its commands send.
      public let store: Store<\(name).State, \(name).Action>

      /// A view that renders `store` and holds nothing else.
      public init(store: Store<\(name).State, \(name).Action>) {
        self.store = store
      }

      /// The screen's lines.
      public func render() -> [String] {
        ["\(name)", "  Count: \\(store.state.count)"]
      }

      /// `+`, `back`, `root`.
      public var commands: [TextCommand] {
        [
          TextCommand("+", help: "Add one") { _ in store.send(.incrementTapped) },
          TextCommand("back", help: "Go back") { _ in store.send(.backTapped) },
          TextCommand("root", help: "Go back to the first screen") { _ in store.send(.rootTapped) },
        ]
      }
    }

    """
  }

  private static func preview(name: String, module: String) -> String {
    """
    import CoreConsole
    import Foundation
    import \(module)

    // Runs \(name) alone in the console with preview dependencies. A navigation request says
    // what the App would do.
    exit(
      await ConsoleLauncher.main(name: "\(name)Preview") { _ in
        Console.preview(initialState: \(name).State()) {
          \(name)()
        } navigation: { action in
          if case .delegate(.navigate(let command)) = action { command } else { nil }
        } view: {
          \(name)View(store: $0)
        }
      })

    """
  }

  private static func tests(name: String, module: String) -> String {
    """
    import CoreStore
    import CoreTesting
    import \(module)
    import Testing

    @MainActor
    @Suite("\(module)")
    struct \(module)Tests {
      @Test("+ counts")
      func increment() async {
        let store = TestStore(initialState: \(name).State()) { \(name)() }
        await store.send(.incrementTapped) { $0.count = 1 }
        await store.finish()
      }

      @Test("root asks for the first screen")
      func root() async {
        let store = TestStore(initialState: \(name).State()) { \(name)() }
        await store.send(.rootTapped)
        await store.receive(.delegate(.navigate(.popToRoot)))
        await store.finish()
      }

      @Test("back dismisses \(name): on a stack that is a real popFrom")
      func back() async {
        let store = TestStore(initialState: StackHost.State(\(name).State())) {
          StackHost { \(name)() }
        }
        await store.send(.path(.element(id: 0, action: .backTapped)))
        await store.receive(.path(.popFrom(id: 0))) { $0.path.removeAll() }
        await store.finish()
      }
    }

    """
  }

  private static func previewTests(name: String) -> String {
    """
    import CoreTesting
    import Testing

    /// The preview run as a person runs it: a piped script, its screens, its exit status.
    @Suite("\(name)Preview")
    struct \(name)PreviewTests {
      @Test("the preview runs a piped script: + counts, an unknown command fails the line")
      func pipedScript() async throws {
        let run = try await BuiltExecutable.run("\(name)Preview", input: "+\\nfly\\n")
        #expect(run.output.hasPrefix("\(name)\\n  Count: 0\\n> +\\n\(name)\\n  Count: 1\\n"))
        #expect(run.output.contains("error: line 2: unknown command 'fly'"))
        #expect(run.status == 1)
      }
    }

    """
  }
}
