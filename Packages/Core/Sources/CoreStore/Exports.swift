// One import for a feature, as TCA's `import ComposableArchitecture` is: the store and what
// TCA re-exports beside it (swift-dependencies' `@Dependency` and `withDependencies`,
// swift-sharing's `@Shared`, the clocks), all declared in CoreDependencies.
@_exported import CoreDependencies
