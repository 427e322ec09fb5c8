// swift-tools-version: 6.2
import PackageDescription

/// Settings every Switchyard target shares: Swift 6 mode (strict concurrency) and no warnings.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

/// The only package that knows every feature: `AppFeature` assembles the router from
/// interfaces only; `AppLive` is the process around it (options, storage, live clients,
/// signals, how the demo ends); `demo` runs them.
let package = Package(
  name: "App",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "AppFeature", targets: ["AppFeature"]),
    .executable(name: "demo", targets: ["Demo"]),
  ],
  dependencies: [
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
    .target(
      name: "AppFeature",
      dependencies: [
        .product(name: "CoreDependencies", package: "Core"),
        .product(name: "CoreStore", package: "Core"),
        .product(name: "CoreRouting", package: "Core"),
        .product(name: "CoreUI", package: "Core"),
        .product(name: "CoreConsole", package: "Core"),
        .product(name: "EntryFeature", package: "EntryFeature"),
        .product(name: "FugaFeature", package: "FugaFeature"),
        .product(name: "HogeFeature", package: "HogeFeature"),
        .product(name: "ItemListFeature", package: "ItemListFeature"),
        .product(name: "SignInFeature", package: "SignInFeature"),
        .product(name: "ItemsClient", package: "ItemsClient"),
        .product(name: "NavigationLogClient", package: "NavigationLogClient"),
      ],
      swiftSettings: strict
    ),
    .target(
      name: "AppLive",
      dependencies: [
        "AppFeature",
        .product(name: "CoreDependencies", package: "Core"),
        .product(name: "CoreStore", package: "Core"),
        .product(name: "CoreUI", package: "Core"),
        .product(name: "CoreConsole", package: "Core"),
        .product(name: "ItemsClient", package: "ItemsClient"),
        .product(name: "ItemsClientLive", package: "ItemsClient"),
        .product(name: "NavigationLogClientLive", package: "NavigationLogClient"),
      ],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "Demo",
      dependencies: ["AppLive", .product(name: "CoreConsole", package: "Core")],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)
