// swift-tools-version: 6.2
import PackageDescription

/// Settings every Switchyard target shares: Swift 6 mode (strict concurrency) and no warnings.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

/// What every example depends on: Core's store and its TestStore.
let core: [Target.Dependency] = [
  .product(name: "CoreStore", package: "Core"), .product(name: "CoreTesting", package: "Core"),
]

/// TCA's example apps and case studies (its `Examples/` folder), ported to Core by expanding
/// their macros and dropping the SwiftUI views, with TCA's own tests unchanged: the check that
/// Core behaves as TCA does. As in TCA, where the examples are a project of their own and not
/// part of `swift test`, they build apart from the root workspace: `make test-all` (and CI)
/// runs them; `make test` leaves them out. A target each, since their names (Login, NewGame,
/// Todo) repeat from one app to the next.
let package = Package(
  name: "TCAExamples",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(path: "../Packages/Core")
  ],
  targets: [
    .testTarget(name: "TCACaseStudiesTests", dependencies: core, swiftSettings: strict),
    .testTarget(name: "TCATicTacToeTests", dependencies: core, swiftSettings: strict),
    .testTarget(name: "TCATodosTests", dependencies: core, swiftSettings: strict),
    .testTarget(name: "TCASearchTests", dependencies: core, swiftSettings: strict),
    .testTarget(name: "TCASyncUpsTests", dependencies: core, swiftSettings: strict),
    .testTarget(name: "TCAVoiceMemosTests", dependencies: core, swiftSettings: strict),
  ],
  swiftLanguageModes: [.v6]
)
