// swift-tools-version: 6.2
import PackageDescription

/// Settings every Switchyard target shares: Swift 6 mode (strict concurrency) and no warnings.
let strict: [SwiftSetting] = [
  .treatAllWarnings(as: .error),
  .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
]

let package = Package(
  name: "Core",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "CoreDependencies", targets: ["CoreDependencies"]),
    .library(name: "CoreStore", targets: ["CoreStore"]),
    .library(name: "CoreRouting", targets: ["CoreRouting"]),
    .library(name: "CoreUI", targets: ["CoreUI"]),
    .library(name: "CoreConsole", targets: ["CoreConsole"]),
    .library(name: "CoreTesting", targets: ["CoreTesting"]),
  ],
  targets: [
    .target(name: "CoreDependencies", swiftSettings: strict),
    .target(name: "CoreStore", dependencies: ["CoreDependencies"], swiftSettings: strict),
    .target(name: "CoreRouting", dependencies: ["CoreStore"], swiftSettings: strict),
    .target(name: "CoreUI", dependencies: ["CoreStore"], swiftSettings: strict),
    .target(
      name: "CoreConsole", dependencies: ["CoreUI", "CoreStore", "CoreRouting"],
      swiftSettings: strict),
    .target(
      name: "CoreTesting", dependencies: ["CoreStore", "CoreRouting"], swiftSettings: strict),
    .testTarget(
      name: "CoreDependenciesTests",
      dependencies: ["CoreDependencies", "CoreTesting"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "CoreStoreTests", dependencies: ["CoreStore", "CoreTesting"], swiftSettings: strict),
    .testTarget(
      name: "CoreRoutingTests", dependencies: ["CoreRouting", "CoreTesting"], swiftSettings: strict),
    .testTarget(
      name: "CoreUITests", dependencies: ["CoreUI", "CoreTesting"], swiftSettings: strict),
    .testTarget(
      name: "CoreConsoleTests", dependencies: ["CoreConsole", "CoreUI", "CoreTesting"],
      swiftSettings: strict),
    .testTarget(name: "CoreTestingTests", dependencies: ["CoreTesting"], swiftSettings: strict),
  ],
  swiftLanguageModes: [.v6]
)
