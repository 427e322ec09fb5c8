import Foundation

/// Where a ``Shared`` value lives: one box per key, read and changed under a lock, that every
/// `Shared` of the key points to. While a `TestStore` checks a step, it also holds the value as
/// the test last asserted it (its snapshot), so a change the step made can be compared with
/// what the test says it should be.
public final class SharedReference<Value: Sendable>: @unchecked Sendable {
  private let lock = NSRecursiveLock()
  private var value: Value
  private var snapshot: Value?

  /// A box holding `value`.
  public init(_ value: Value) {
    self.value = value
  }

  /// The value now; inside a test store's assertion, the value the test expects.
  var current: Value {
    lock.withLock {
      if SharedChangeTracker.asserting != nil, let snapshot { return snapshot }
      return value
    }
  }

  /// The value the test last asserted, when a step has changed it since.
  var assertedValue: Value? { lock.withLock { snapshot } }

  /// The value now, whatever the context.
  var actualValue: Value { lock.withLock { value } }

  /// Changes the value. Inside a test store's assertion, the expected value changes instead;
  /// under a tracking test store, the value before the first change of a step is kept.
  func change<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try lock.withLock {
      if let tracker = SharedChangeTracker.asserting {
        tracker.track(self)
        var expected = snapshot ?? value
        defer { snapshot = expected }
        return try body(&expected)
      }
      if let tracker = DependencyValues.current.sharedChangeTracker {
        tracker.track(self)
        if snapshot == nil { snapshot = value }
      }
      return try body(&value)
    }
  }
}

extension SharedReference: SharedSnapshotting {
  func acceptChanges() {
    lock.withLock { snapshot = nil }
  }

  func startAssertingFromActual() {
    lock.withLock { snapshot = value }
  }
}

/// What a ``SharedChangeTracker`` does to every reference it saw change.
protocol SharedSnapshotting: AnyObject, Sendable {
  /// The test asserted the step: the actual value is the asserted one from now on.
  func acceptChanges()
  /// A non-exhaustive assertion starts from the actual value.
  func startAssertingFromActual()
}
