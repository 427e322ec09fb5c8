/// Reads a dependency from the values current where the property is read.
///
/// Declare it in a reducer; read it inside `reduce` or inside an effect. The store makes its
/// values current around both, so a test's overrides reach them.
///
/// ```swift
/// struct ListFeature: Reducer {
///   @Dependency(\.items) var items
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     .run { send in await send(.loaded(try await items.load())) }
///   }
/// }
/// ```
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
  private let keyPath: KeyPath<DependencyValues, Value> & Sendable

  /// Names the dependency by its key path on ``DependencyValues``.
  public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
    self.keyPath = keyPath
  }

  /// Names the dependency by its key type, for a client that is its own key and has no
  /// property on ``DependencyValues``: `@Dependency(APIClient.self) var api`.
  public init<Key: TestDependencyKey>(_ key: Key.Type) where Key.Value == Value {
    self.keyPath = \DependencyValues.[KeyReference<Key>()]
  }

  /// The value in the current task's ``DependencyValues``.
  public var wrappedValue: Value {
    DependencyValues.current[keyPath: keyPath]
  }
}

/// A key type as a key path subscript argument, which must be Hashable (a metatype is not).
struct KeyReference<Key: TestDependencyKey>: Hashable, Sendable {}

extension DependencyValues {
  /// The value of the key `reference` names: what `@Dependency(Key.self)` reads.
  subscript<Key: TestDependencyKey>(reference: KeyReference<Key>) -> Key.Value {
    self[Key.self]
  }
}
