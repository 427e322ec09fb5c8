// swift-tools-version: 6.2
import PackageDescription

/// Settings every Switchyard target shares: Swift 6 mode (strict concurrency) and no warnings.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

/// A libFuzzer target: arbitrary bytes through the demo's console (line splitting, the
/// tokenizer, built-ins and every screen's commands) on the real router with items in
/// memory. Built and run by `make fuzz` with `-sanitize=fuzzer,address`; nothing else builds
/// it.
let package = Package(
  name: "Fuzz",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../App"),
    .package(path: "../Packages/Clients/ItemsClient"),
    .package(path: "../Packages/Clients/NavigationLogClient"),
    .package(path: "../Packages/Core"),
  ],
  targets: [
    .executableTarget(
      name: "DemoFuzz",
      dependencies: [
        .product(name: "AppFeature", package: "App"),
        .product(name: "CoreDependencies", package: "Core"),
        .product(name: "CoreConsole", package: "Core"),
        .product(name: "CoreUI", package: "Core"),
        .product(name: "ItemsClient", package: "ItemsClient"),
        .product(name: "NavigationLogClient", package: "NavigationLogClient"),
      ],
      swiftSettings: strict
    )
  ],
  swiftLanguageModes: [.v6]
)
