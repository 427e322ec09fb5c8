// swift-tools-version: 6.2
import PackageDescription

/// Settings every Switchyard target shares: Swift 6 mode (strict concurrency) and no warnings.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

/// The measuring lab, apart from the template: `buildtime` (incremental build timings across
/// edits, modules and layouts), `core-benchmark` (Core's store against plain Swift, per action)
/// and `items-file-benchmark` (the demo's item file against plain JSON). A project started from
/// the template can delete this folder; nothing in `Packages/`, `App/` or `Tools/` depends on it.
let package = Package(
  name: "Lab",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "buildtime", targets: ["buildtime"]),
    .executable(name: "core-benchmark", targets: ["CoreBenchmark"]),
    .executable(name: "items-file-benchmark", targets: ["ItemsFileBenchmark"]),
  ],
  dependencies: [
    .package(path: "../Tools"),
    .package(path: "../Packages/Core"),
    .package(path: "../Packages/Clients/ItemsClient"),
  ],
  targets: [
    .target(
      name: "BuildTimeKit",
      dependencies: [.product(name: "ArchCheckKit", package: "Tools")],
      swiftSettings: strict
    ),
    .executableTarget(name: "buildtime", dependencies: ["BuildTimeKit"], swiftSettings: strict),
    .testTarget(name: "BuildTimeKitTests", dependencies: ["BuildTimeKit"], swiftSettings: strict),
    .executableTarget(
      name: "CoreBenchmark",
      dependencies: [
        .product(name: "CoreStore", package: "Core"),
        .product(name: "CoreTesting", package: "Core"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "CoreBenchmarkTests", dependencies: ["CoreBenchmark"], swiftSettings: strict),
    .executableTarget(
      name: "ItemsFileBenchmark",
      dependencies: [
        .product(name: "ItemsClient", package: "ItemsClient"),
        .product(name: "ItemsClientLive", package: "ItemsClient"),
        .product(name: "CoreDependencies", package: "Core"),
      ],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)
