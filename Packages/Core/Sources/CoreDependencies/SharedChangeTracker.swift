import Foundation

/// How a `TestStore` sees changes to ``Shared`` values: every reference changed while it is
/// in the store's dependencies keeps the value the test last asserted, so a step's shared
/// changes are checked with its state, as TCA 1.10+ does. Changes an effect makes belong to
/// the step that receives its next action.
public final class SharedChangeTracker: @unchecked Sendable {
  /// The tracker whose assertion closure is running: reads return, and `withLock` changes,
  /// the expected value instead of the actual one.
  @TaskLocal public static var asserting: SharedChangeTracker?

  private let lock = NSLock()
  private var references: [ObjectIdentifier: any SharedSnapshotting] = [:]

  /// A tracker that has seen nothing change.
  public init() {}

  func track(_ reference: some SharedSnapshotting) {
    lock.withLock { references[ObjectIdentifier(reference)] = reference }
  }

  /// Whether any shared value changed since the last asserted step.
  public var hasChanges: Bool { lock.withLock { !references.isEmpty } }

  /// After a step is checked: its actual shared values are the asserted ones.
  public func acceptChanges() {
    let seen = lock.withLock {
      defer { references = [:] }
      return Array(references.values)
    }
    for reference in seen {
      reference.acceptChanges()
    }
  }

  /// Before a non-exhaustive assertion, which runs on the actual state: every changed value's
  /// expected value starts from its actual one.
  public func startAssertingFromActual() {
    for reference in lock.withLock({ Array(references.values) }) {
      reference.startAssertingFromActual()
    }
  }
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
