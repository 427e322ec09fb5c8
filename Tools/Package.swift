// swift-tools-version: 6.2
import PackageDescription

/// Settings every Switchyard target shares: Swift 6 mode (strict concurrency) and no warnings.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

/// The repo's tools: `archcheck` (isolation rules, module graph, feature scaffolding) and
/// `buildtime` (incremental build timings across edits, modules and layouts).
/// No dependencies: the tools build from the toolchain alone, like everything else.
let package = Package(
  name: "Tools",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "archcheck", targets: ["archcheck"])
  ],
  targets: [
    .target(name: "ArchCheckKit", swiftSettings: strict),
    .executableTarget(name: "archcheck", dependencies: ["ArchCheckKit"], swiftSettings: strict),
    .testTarget(name: "ArchCheckKitTests", dependencies: ["ArchCheckKit"], swiftSettings: strict),
    .target(name: "BuildTimeKit", dependencies: ["ArchCheckKit"], swiftSettings: strict),
    .executableTarget(name: "buildtime", dependencies: ["BuildTimeKit"], swiftSettings: strict),
    .testTarget(name: "BuildTimeKitTests", dependencies: ["BuildTimeKit"], swiftSettings: strict),
  ],
  swiftLanguageModes: [.v6]
)
