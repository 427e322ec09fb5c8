import Foundation

/// How a `TestStore` sees changes to ``Shared`` values: every reference changed while it is
/// in the store's dependencies keeps the value the test last asserted, so a step's shared
/// changes are checked with its state, as TCA 1.10+ does. The store captures the changed
/// values at the end of every action it reduces (``capture()``), so a step is checked against
/// the shared values as that action left them, even when later actions changed them again
/// before the test got to it. Changes an effect makes belong to the step that receives its
/// next action.
public final class SharedChangeTracker: @unchecked Sendable {
  /// The tracker whose assertion closure is running: reads return, and `withLock` changes,
  /// the expected value instead of the actual one.
  @TaskLocal public static var asserting: SharedChangeTracker?
  /// While a step is checked: the shared values as its action left them, which reads of the
  /// actual values return.
  @TaskLocal public static var actualAsOf: SharedCapture?

  private let lock = NSLock()
  private var references: [ObjectIdentifier: any SharedSnapshotting] = [:]

  /// A tracker that has seen nothing change.
  public init() {}

  func track(_ reference: some SharedSnapshotting) {
    lock.withLock { references[ObjectIdentifier(reference)] = reference }
  }

  /// Whether any shared value changed since the last asserted step.
  public var hasChanges: Bool { lock.withLock { !references.isEmpty } }

  /// The actual values of every shared value changed since the last asserted step, now.
  public func capture() -> SharedCapture {
    let changed = lock.withLock { references.isEmpty ? [] : Array(references.values) }
    if changed.isEmpty { return SharedCapture(values: [:]) }
    var values: [ObjectIdentifier: SharedCapture.Entry] = [:]
    for reference in changed {
      values[ObjectIdentifier(reference)] = reference.captured()
    }
    return SharedCapture(values: values)
  }

  /// `capture` with every value changed since it was taken, as it was before that change: the
  /// shared values as a step's action left them, complete, for checking the step.
  public func completing(_ capture: SharedCapture) -> SharedCapture {
    let changed = lock.withLock { references.isEmpty ? [] : Array(references.values) }
    if changed.isEmpty { return capture }
    var values = capture.values
    for reference in changed
    where values[ObjectIdentifier(reference)] == nil {
      values[ObjectIdentifier(reference)] = reference.entryBeforeChanges()
    }
    return SharedCapture(values: values)
  }

  /// After a step is checked: its shared values, as `capture` holds them, are the asserted
  /// ones (all values as they are now, without a capture). A value changed again since stays
  /// changed, from there.
  public func acceptChanges(asOf capture: SharedCapture? = nil) {
    let seen = lock.withLock { references.isEmpty ? [] : Array(references.values) }
    for reference in seen {
      let entry = capture.map { $0.values[ObjectIdentifier(reference)] }
      // Changed only after the capture: its asserted value is still the one before.
      if case .some(.none) = entry { continue }
      if reference.accept(entry ?? nil) {
        _ = lock.withLock { references.removeValue(forKey: ObjectIdentifier(reference)) }
      }
    }
  }

  /// Before a non-exhaustive assertion, which runs on the actual state: every changed value's
  /// expected value starts from its actual one (as `capture` holds it).
  public func startAssertingFromActual(asOf capture: SharedCapture? = nil) {
    for reference in lock.withLock({ Array(references.values) }) {
      reference.startAssertingFrom(capture?.values[ObjectIdentifier(reference)])
    }
  }
}

/// The actual values of the shared values a test store's action had changed, as it left them.
public struct SharedCapture: Sendable {
  /// One value: what it was, and its version then.
  struct Entry: Sendable {
    let value: any Sendable
    let version: Int
  }

  let values: [ObjectIdentifier: Entry]

  /// Whether the action had changed any shared value.
  public var isEmpty: Bool { values.isEmpty }
}

extension DependencyValues {
  /// The tracker of the `TestStore` these values belong to; nil outside test stores.
  public var sharedChangeTracker: SharedChangeTracker? {
    get { self[SharedChangeTrackerKey.self] }
    set { self[SharedChangeTrackerKey.self] = newValue }
  }
}

private enum SharedChangeTrackerKey: DependencyKey {
  static let liveValue: SharedChangeTracker? = nil
  static let testValue: SharedChangeTracker? = nil
}
