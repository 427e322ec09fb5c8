// swift-tools-version: 6.2
import PackageDescription

/// Settings every Switchyard target shares: Swift 6 mode (strict concurrency) and no warnings.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

/// Where the item list is kept. `ItemsClient` is the interface features depend on (with the
/// `Item` model, its test value and its preview value); `ItemsClientLive` is the JSON file behind
/// it, which only the App links.
let package = Package(
  name: "ItemsClient",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "ItemsClient", targets: ["ItemsClient"]),
    .library(name: "ItemsClientLive", targets: ["ItemsClientLive"]),
  ],
  dependencies: [.package(path: "../../Core")],
  targets: [
    .target(
      name: "ItemsClient",
      dependencies: [
        .product(name: "CoreDependencies", package: "Core"),
        .product(name: "CoreStore", package: "Core"),
        .product(name: "CoreUI", package: "Core"),
      ],
      swiftSettings: strict
    ),
    .target(
      name: "ItemsClientLive",
      dependencies: ["ItemsClient", .product(name: "CoreDependencies", package: "Core")],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ItemsClientLiveTests",
      dependencies: ["ItemsClientLive", "ItemsClient"],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)
