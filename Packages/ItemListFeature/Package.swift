// swift-tools-version: 6.2
import PackageDescription

/// Settings every Switchyard target shares: Swift 6 mode (strict concurrency) and no warnings.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
  name: "ItemListFeature",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "ItemListFeature", targets: ["ItemListFeature"]),
    .executable(name: "ItemListPreview", targets: ["ItemListPreview"]),
  ],
  dependencies: [.package(path: "../Core"), .package(path: "../Clients/ItemsClient")],
  targets: [
    .target(
      name: "ItemListFeature",
      dependencies: [
        .product(name: "CoreDependencies", package: "Core"),
        .product(name: "CoreStore", package: "Core"),
        .product(name: "CoreRouting", package: "Core"),
        .product(name: "CoreUI", package: "Core"),
        .product(name: "ItemsClient", package: "ItemsClient"),
      ],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "ItemListPreview",
      dependencies: ["ItemListFeature", .product(name: "CoreConsole", package: "Core")],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ItemListFeatureTests",
      dependencies: [
        "ItemListFeature", .product(name: "CoreTesting", package: "Core"),
        .product(name: "CoreRouting", package: "Core"),
        .product(name: "ItemsClient", package: "ItemsClient"),
      ],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)
