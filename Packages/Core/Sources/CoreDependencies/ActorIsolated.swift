/// A mutable value isolated to an actor: what an async test records into (`await
/// events.withValue { $0.append(event) }`). swift-concurrency-extras' type, which TCA
/// re-exports, with its spellings; ``LockIsolated`` does the same without `await`.
///
/// ```swift
/// let events = ActorIsolated<[String]>([])
/// await events.withValue { $0.append("tapped") }
/// #expect(await events.value == ["tapped"])
/// ```
public final actor ActorIsolated<Value> {
  /// The value.
  public var value: Value

  /// Isolates `value` to a new actor.
  public init(_ value: sending Value) {
    self.value = value
  }

  /// Runs `operation` on the value, in one transaction on the actor.
  public func withValue<T: Sendable>(
    _ operation: @Sendable (inout Value) throws -> T
  ) rethrows -> T {
    var value = self.value
    defer { self.value = value }
    return try operation(&value)
  }

  /// Replaces the value. Use ``withValue(_:)`` when the new value derives from the old one.
  public func setValue(_ newValue: sending Value) {
    self.value = newValue
  }
}
