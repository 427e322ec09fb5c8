/// A key for a dependency that declares only its test side (and optionally a preview side).
///
/// A feature module declares its client's interface with a `TestDependencyKey`. The app, which
/// links every module, adds the `DependencyKey` conformance with the live value; linking it is
/// enough, because ``DependencyValues`` looks the live conformance up at run time.
///
/// ```swift
/// // In a feature's module:
/// extension ItemsClient: TestDependencyKey {
///   static let testValue = ItemsClient(load: unimplemented("ItemsClient.load"), ...)
///   static let previewValue = ItemsClient.inMemory([])
/// }
/// // In the App:
/// extension ItemsClient: DependencyKey {
///   static let liveValue = ItemsClient.file(at: url)
/// }
/// ```
public protocol TestDependencyKey<Value> {
  /// The type of the dependency's value; usually the key itself.
  associatedtype Value: Sendable = Self
  /// Used in the `.test` context: should report an issue when used without an override.
  static var testValue: Value { get }
  /// Used in the `.preview` context. Defaults to ``testValue``.
  static var previewValue: Value { get }
}

extension TestDependencyKey {
  /// Falls back to the test value, so a preview of a feature never reaches outside.
  public static var previewValue: Value { testValue }
}

/// A key that also has a live value, used in the `.live` context.
///
/// ```swift
/// struct ScoreClient: DependencyKey {
///   var fetch: @Sendable () async throws -> Int
///   static let liveValue = ScoreClient { try await api.score() }
///   static let testValue = ScoreClient(fetch: unimplemented("ScoreClient.fetch"))
/// }
/// ```
public protocol DependencyKey<Value>: TestDependencyKey {
  /// The real implementation, used when the context is `.live`.
  static var liveValue: Value { get }

  // Restated from `TestDependencyKey`, as swift-dependencies does, so that `Value` is inferred
  // from `liveValue` alone (`static let liveValue: @Sendable () async -> Int = { 42 }`):
  // Swift does not infer an inherited protocol's associated type from this one's requirements.
  /// The type of the dependency's value; usually the key itself.
  associatedtype Value = Self
  /// Used in the `.preview` context. Defaults to ``liveValue``.
  static var previewValue: Value { get }
  /// Used in the `.test` context. Defaults to reporting an issue and using ``previewValue``.
  static var testValue: Value { get }
}

extension DependencyKey {
  /// Falls back to the live value when a key declares no preview value of its own.
  public static var previewValue: Value { liveValue }
  /// Reports that the key has no test value, then falls back to its preview value (which is
  /// the live value only when the key declares no preview value either).
  ///
  /// Keys whose live value reaches outside the process should declare their own.
  public static var testValue: Value {
    reportIssue("\(Self.self) has no test value; override it in the test or declare testValue")
    return previewValue
  }
}
