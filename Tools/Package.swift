// swift-tools-version: 6.2
import PackageDescription

/// Settings every Switchyard target shares: Swift 6 mode (strict concurrency) and no warnings.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

/// The template's tool: `archcheck` checks the rules, writes the generated code and the
/// workspaces, and scaffolds features and routes. `ArchCheckKit` is a library so the lab's
/// `buildtime` (in `Lab/`) can read the repo the same way.
/// No dependencies: the tools build from the toolchain alone, like everything else.
let package = Package(
  name: "Tools",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "archcheck", targets: ["archcheck"]),
    .library(name: "ArchCheckKit", targets: ["ArchCheckKit"]),
  ],
  targets: [
    .target(name: "ArchCheckKit", swiftSettings: strict),
    .executableTarget(name: "archcheck", dependencies: ["ArchCheckKit"], swiftSettings: strict),
    .testTarget(name: "ArchCheckKitTests", dependencies: ["ArchCheckKit"], swiftSettings: strict),
  ],
  swiftLanguageModes: [.v6]
)
