// swift-tools-version: 6.2
import PackageDescription

/// Settings every Switchyard target shares: Swift 6 mode (strict concurrency) and no warnings.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

/// Where the router writes what happened to the stack. `NavigationLogClient` is the interface
/// (with its test value); `NavigationLogClientLive` writes to standard output, and only the App
/// links it.
let package = Package(
  name: "NavigationLogClient",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "NavigationLogClient", targets: ["NavigationLogClient"]),
    .library(name: "NavigationLogClientLive", targets: ["NavigationLogClientLive"]),
  ],
  dependencies: [.package(path: "../../Core")],
  targets: [
    .target(
      name: "NavigationLogClient",
      dependencies: [.product(name: "CoreDependencies", package: "Core")],
      swiftSettings: strict
    ),
    .target(
      name: "NavigationLogClientLive",
      dependencies: [
        "NavigationLogClient", .product(name: "CoreDependencies", package: "Core"),
        .product(name: "CoreConsole", package: "Core"),
      ],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)
