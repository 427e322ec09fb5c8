import Foundation
import Observation

/// Where a ``Shared`` value lives: one box per key, read and changed under a lock, that every
/// `Shared` of the key points to. While a `TestStore` checks a step, it also holds the value as
/// the test last asserted it (its snapshot), so a change the step made can be compared with
/// what the test says it should be.
///
/// A reference is `Observable`: reading the value inside `withObservationTracking` (a view's
/// render) registers, and every change notifies once it is made, on the thread that made it
/// (an effect's, or the main actor's in the middle of a reduce: an observer that reads a
/// store's state hops to the main actor first).
public final class SharedReference<Value: Sendable>: @unchecked Sendable, Observable {
  private let lock = NSRecursiveLock()
  private var value: Value
  private var snapshot: Value?
  private let registrar = ObservationRegistrar()

  /// A box holding `value`.
  public init(_ value: Value) {
    self.value = value
  }

  /// The value now; inside a test store's assertion, the value the test expects.
  var current: Value {
    registrar.access(self, keyPath: \.observedValue)
    return lock.withLock {
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
    if let tracker = SharedChangeTracker.asserting {
      return try lock.withLock {
        tracker.track(self)
        var expected = snapshot ?? value
        defer { snapshot = expected }
        return try body(&expected)
      }
    }
    // Observers hear of the change once it is made and the lock is let go, so one that reads
    // the value at once sees the new one.
    defer { registrar.withMutation(of: self, keyPath: \.observedValue) {} }
    return try lock.withLock {
      if let tracker = DependencyValues.current.sharedChangeTracker {
        tracker.track(self)
        if snapshot == nil { snapshot = value }
      }
      return try body(&value)
    }
  }

  /// What observation registers reads and changes under.
  private var observedValue: Value { lock.withLock { value } }
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
