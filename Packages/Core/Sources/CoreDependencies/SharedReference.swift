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
  /// How many times the value changed; tells a test store's capture from a later change.
  private var version = 0
  private let registrar = ObservationRegistrar()
  /// What keeps the value beyond memory (a file, the settings file), told of every change.
  let persistence: (any SharedPersistence<Value>)?

  /// A box holding `value`, in memory only.
  public init(_ value: Value) {
    self.value = value
    self.persistence = nil
  }

  /// A box holding `value`, which `persistence` keeps.
  init(_ value: Value, persistence: any SharedPersistence<Value>) {
    self.value = value
    self.persistence = persistence
  }

  /// The value now; inside a test store's assertion, the value the test expects.
  var current: Value {
    registrar.access(self, keyPath: \.observedValue)
    return lock.withLock {
      if SharedChangeTracker.asserting != nil, let snapshot { return snapshot }
      return valueAsChecked
    }
  }

  /// The value the test last asserted, when a step has changed it since.
  var assertedValue: Value? { lock.withLock { snapshot } }

  /// The value now, whatever the context.
  var actualValue: Value { lock.withLock { valueAsChecked } }

  /// Under the lock: the value, or while a test store checks a step, the value as the step's
  /// action left it.
  private var valueAsChecked: Value {
    guard let capture = SharedChangeTracker.actualAsOf else { return value }
    if let entry = capture.values[ObjectIdentifier(self)], let asLeft = entry.value as? Value {
      return asLeft
    }
    return value
  }

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
      keepValueBeforeStep()
      // A change starts from what another program saved since, when this one owes no save.
      if let stored = persistence?.storedValueIfChangedElsewhere() { value = stored }
      // The change is made on a copy: `body` may read this value (through the state that
      // holds it, say), which must not overlap the write to `value` itself.
      var changed = value
      defer {
        value = changed
        version += 1
        persistence?.valueChanged(value)
      }
      return try body(&changed)
    }
  }

  /// Saves a change not saved yet, now.
  func save() throws(SharedStorageError) {
    try persistence?.save()
  }

  /// Takes the stored value when it changed since it was read (another process wrote it),
  /// dropping a change not saved yet; observers hear of it, and a test store checks it as a
  /// change.
  func load() throws(SharedStorageError) {
    guard let stored = try persistence?.load() else { return }
    defer { registrar.withMutation(of: self, keyPath: \.observedValue) {} }
    lock.withLock {
      keepValueBeforeStep()
      value = stored
      version += 1
    }
  }

  /// Under the lock, before a change: a tracking test store keeps the value as it was before
  /// the step's first change, to compare with what the test asserts.
  private func keepValueBeforeStep() {
    guard let tracker = DependencyValues.current.sharedChangeTracker else { return }
    tracker.track(self)
    if snapshot == nil { snapshot = value }
  }

  /// What observation registers reads and changes under.
  private var observedValue: Value { lock.withLock { value } }
}

extension SharedReference: SharedSnapshotting {
  func captured() -> SharedCapture.Entry {
    lock.withLock { SharedCapture.Entry(value: value, version: version) }
  }

  func entryBeforeChanges() -> SharedCapture.Entry {
    lock.withLock { SharedCapture.Entry(value: snapshot ?? value, version: -1) }
  }

  func accept(_ entry: SharedCapture.Entry?) -> Bool {
    lock.withLock {
      guard let entry, entry.version != version, let asLeft = entry.value as? Value else {
        snapshot = nil
        return true
      }
      snapshot = asLeft
      return false
    }
  }

  func startAssertingFrom(_ entry: SharedCapture.Entry?) {
    lock.withLock { snapshot = (entry?.value as? Value) ?? value }
  }
}

/// What keeps a shared value beyond memory: told of every change, asked to save now and to
/// read the stored value again.
protocol SharedPersistence<Value>: AnyObject, Sendable {
  associatedtype Value: Sendable
  /// The value changed (under the reference's lock, so changes arrive in order).
  func valueChanged(_ value: Value)
  /// Writes a change not saved yet.
  func save() throws(SharedStorageError)
  /// The stored value when it changed since it was read or written, or nil.
  func load() throws(SharedStorageError) -> Value?
  /// Before a change: the stored value when another program changed it and no change of this
  /// one is waiting to be saved (so the change is made on top of it), or nil.
  func storedValueIfChangedElsewhere() -> Value?
  /// Waits for a save that is waiting for its quiet moment.
  func waitForSave() async
}

/// What a ``SharedChangeTracker`` does to every reference it saw change.
protocol SharedSnapshotting: AnyObject, Sendable {
  /// The actual value now, and its version.
  func captured() -> SharedCapture.Entry
  /// The value before its changes since the last asserted step (changes a capture did not
  /// see), as an entry no version matches.
  func entryBeforeChanges() -> SharedCapture.Entry
  /// The test asserted the step: the value `entry` holds (or the actual value, without one)
  /// is the asserted one. Returns whether the value is unchanged since, so no longer changed.
  func accept(_ entry: SharedCapture.Entry?) -> Bool
  /// A non-exhaustive assertion starts from the value `entry` holds, or the actual one.
  func startAssertingFrom(_ entry: SharedCapture.Entry?)
}
