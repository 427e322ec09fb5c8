/// A value the compiler is told to treat as `Sendable` without checking it: for a type that is
/// safe to share but has not been marked so. swift-concurrency-extras' type, which TCA
/// re-exports; prefer ``LockIsolated`` or ``ActorIsolated`` for anything mutated.
///
/// ```swift
/// let formatter = UncheckedSendable(DateFormatter())
/// return .run { _ in print(formatter.value.string(from: now)) }
/// ```
@dynamicMemberLookup
@propertyWrapper
public struct UncheckedSendable<Value>: @unchecked Sendable {
  /// The value.
  public var value: Value

  /// Wraps `value`.
  public init(_ value: Value) {
    self.value = value
  }

  /// Wraps `value`, as a property wrapper.
  public init(wrappedValue: Value) {
    self.value = wrappedValue
  }

  /// The value, as a property wrapper.
  public var wrappedValue: Value {
    get { value }
    set { value = newValue }
  }

  /// The wrapper itself, to pass it on (`$formatter`).
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// A property of the value.
  public subscript<Subject>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    value[keyPath: keyPath]
  }

  /// A property of the value, to change it.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Subject {
    get { value[keyPath: keyPath] }
    set { value[keyPath: keyPath] = newValue }
  }
}

extension UncheckedSendable: Equatable where Value: Equatable {}
extension UncheckedSendable: Hashable where Value: Hashable {}
