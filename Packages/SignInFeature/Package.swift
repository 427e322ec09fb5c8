// swift-tools-version: 6.2
import PackageDescription

/// Settings every Switchyard target shares: Swift 6 mode (strict concurrency) and no warnings.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
  name: "SignInFeature",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "SignInFeature", targets: ["SignInFeature"]),
    .executable(name: "SignInPreview", targets: ["SignInPreview"]),
  ],
  dependencies: [.package(path: "../Core")],
  targets: [
    .target(
      name: "SignInFeature",
      dependencies: [
        .product(name: "CoreDependencies", package: "Core"),
        .product(name: "CoreStore", package: "Core"),
        .product(name: "CoreRouting", package: "Core"),
        .product(name: "CoreUI", package: "Core"),
      ],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "SignInPreview",
      dependencies: ["SignInFeature", .product(name: "CoreConsole", package: "Core")],
      swiftSettings: strict
    ),
    .testTarget(
      name: "SignInFeatureTests",
      dependencies: ["SignInFeature", .product(name: "CoreTesting", package: "Core")],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)
