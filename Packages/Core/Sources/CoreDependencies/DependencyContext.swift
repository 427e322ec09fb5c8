/// Which default a dependency resolves to when nobody overrode it.
///
/// The context is explicit: an app runs `.live` (the default), a `<Name>Preview` executable
/// sets `.preview`, and `TestStore` sets `.test`.
///
/// ```swift
/// withDependencies { $0.context = .preview } operation: { runPreview() }
/// ```
public enum DependencyContext: String, Sendable, CaseIterable {
  /// Real implementations: files, network, the wall clock.
  case live
  /// In-memory stand-ins that let a feature run alone, with no outside effects.
  case preview
  /// Values that fail loudly when a test did not say what they should do.
  case test
}
