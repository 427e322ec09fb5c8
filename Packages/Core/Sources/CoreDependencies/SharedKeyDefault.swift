/// A key with the value it starts from when nothing is kept under it yet, as swift-sharing's
/// `SharedKey.Default`: `@Shared(.syncUps) var syncUps` then needs no initial value at each
/// place that holds it, and every place starts from the same one.
///
/// ```swift
/// extension SharedKey where Self == FileStorageKey<[SyncUp]>.Default {
///   static var syncUps: Self {
///     Self[.fileStorage(URL(fileURLWithPath: "sync-ups.json")), default: []]
///   }
/// }
/// @Shared(.syncUps) var syncUps          // [] when the file is missing
/// @Shared(.syncUps) var syncUps = [.mock] // an initial value written out still wins
/// ```
public struct SharedKeyDefault<Base: SharedKey>: SharedKey {
  /// The key the value is kept under.
  public let base: Base
  private let defaultValue: @Sendable () -> Base.Value

  /// `base`, starting from `defaultValue()`.
  public static subscript(
    _ base: Base, default defaultValue: @autoclosure @escaping @Sendable () -> Base.Value
  ) -> Self {
    Self(base: base, defaultValue: defaultValue)
  }

  private init(base: Base, defaultValue: @escaping @Sendable () -> Base.Value) {
    self.base = base
    self.defaultValue = defaultValue
  }

  /// The base key's box, made with `initialValue` (the one a declaration wrote out).
  public func reference(initialValue: () -> Base.Value) -> SharedReference<Base.Value> {
    base.reference(initialValue: initialValue)
  }

  /// The base key's box, made with the default value.
  func reference() -> SharedReference<Base.Value> {
    base.reference(initialValue: defaultValue)
  }
}

extension SharedKey {
  /// This kind of key with a default value: `FileStorageKey<[SyncUp]>.Default`.
  public typealias Default = SharedKeyDefault<Self>
}
