import Foundation

/// A mutable value behind a lock, safe to share between tasks: what a test records into from
/// an effect (`let saved = LockIsolated<[Item]>([])`). swift-concurrency-extras' type, which
/// TCA re-exports, with its spellings.
///
/// ```swift
/// let count = LockIsolated(0)
/// count.withValue { $0 += 1 }
/// count.setValue(0)
/// #expect(count.value == 0)
/// ```
@dynamicMemberLookup
public final class LockIsolated<Value>: @unchecked Sendable {
  private var _value: Value
  private let lock = NSRecursiveLock()

  /// Isolates `value` behind a lock.
  public init(_ value: sending Value) {
    self._value = value
  }

  /// A property of the value, read under the lock.
  public subscript<Subject: Sendable>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    lock.lock()
    defer { lock.unlock() }
    return _value[keyPath: keyPath]
  }

  /// Runs `operation` on the value under the lock, in one transaction: `withValue { $0 += 1 }`.
  public func withValue<T: Sendable>(_ operation: (inout Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try operation(&_value)
  }

  /// Replaces the value. Use ``withValue(_:)`` when the new value derives from the old one.
  public func setValue(_ newValue: sending Value) {
    lock.lock()
    defer { lock.unlock() }
    _value = newValue
  }
}

extension LockIsolated where Value: Sendable {
  /// The value, read under the lock.
  public var value: Value {
    lock.lock()
    defer { lock.unlock() }
    return _value
  }
}
