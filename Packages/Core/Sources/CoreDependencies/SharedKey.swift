import Foundation

/// Where a ``Shared`` value is kept and how it is found again: every `Shared` made with equal
/// keys holds one value.
public protocol SharedKey<Value>: Sendable {
  /// The value kept.
  associatedtype Value: Sendable
  /// The box for this key: the one already made, or a new one holding `initialValue`.
  func reference(initialValue: () -> Value) -> SharedReference<Value>
}

/// A value kept in memory for as long as the process runs, under a name.
public struct InMemoryKey<Value: Sendable>: SharedKey {
  /// The name two `Shared` values meet under.
  public let name: String

  /// The box kept under ``name`` in the current in-memory storage.
  public func reference(initialValue: () -> Value) -> SharedReference<Value> {
    DependencyValues.current.defaultInMemoryStorage.reference(
      named: name, initialValue: initialValue)
  }
}

extension SharedKey {
  /// A value kept in memory under `name`, as TCA's `.inMemory("name")`.
  public static func inMemory<Kept: Sendable>(_ name: String) -> Self
  where Self == InMemoryKey<Kept> {
    InMemoryKey(name: name)
  }
}

/// The boxes of in-memory shared values, by name. The app has one; each test store (each set
/// of dependency values with a cache of its own) has its own in a test, so tests do not see
/// each other's values.
public final class InMemoryStorage: Sendable {
  private let registry = SharedRegistry(keyKind: "in-memory key")

  /// An empty storage.
  public init() {}

  /// The box named `name`, made with `initialValue` the first time.
  func reference<Value: Sendable>(
    named name: String, initialValue: () -> Value
  ) -> SharedReference<Value> {
    registry.reference(for: name) { SharedReference(initialValue()) }
  }
}

extension DependencyValues {
  /// Where `.inMemory` shared values are kept.
  public var defaultInMemoryStorage: InMemoryStorage {
    get { self[InMemoryStorageKey.self] }
    set { self[InMemoryStorageKey.self] = newValue }
  }
}

private enum InMemoryStorageKey: DependencyKey {
  static var liveValue: InMemoryStorage { InMemoryStorage() }
  static var testValue: InMemoryStorage { InMemoryStorage() }
}
