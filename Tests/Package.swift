// swift-tools-version: 6.2
import PackageDescription

/// Settings every Switchyard target shares: Swift 6 mode (strict concurrency) and no warnings.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

/// Tests that cross modules: app flows through the router, console transcripts, and the built
/// `demo` run end to end.
let package = Package(
  name: "SwitchyardTests",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(path: "../App"),
    .package(path: "../Packages/Clients/ItemsClient"),
    .package(path: "../Packages/Clients/NavigationLogClient"),
    .package(path: "../Packages/Core"),
    .package(path: "../Packages/EntryFeature"),
    .package(path: "../Packages/FugaFeature"),
    .package(path: "../Packages/HogeFeature"),
    .package(path: "../Packages/ItemListFeature"),
    .package(path: "../Packages/SignInFeature"),
  ],
  targets: [
    .testTarget(
      name: "AppFlowTests",
      dependencies: [
        .product(name: "AppFeature", package: "App"),
        .product(name: "CoreTesting", package: "Core"),
        .product(name: "CoreConsole", package: "Core"),
        .product(name: "CoreUI", package: "Core"),
        .product(name: "EntryFeature", package: "EntryFeature"),
        .product(name: "FugaFeature", package: "FugaFeature"),
        .product(name: "HogeFeature", package: "HogeFeature"),
        .product(name: "ItemListFeature", package: "ItemListFeature"),
        .product(name: "ItemsClient", package: "ItemsClient"),
        .product(name: "NavigationLogClient", package: "NavigationLogClient"),
        .product(name: "SignInFeature", package: "SignInFeature"),
      ],
      path: "AppFlowTests",
      swiftSettings: strict
    )
  ],
  swiftLanguageModes: [.v6]
)
