import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a `TestStore` sees changes to ``Shared`` values: every reference changed while it is
/// in the store's dependencies keeps the value the test last asserted, so a step's shared
/// changes are checked with its state, as TCA 1.10+ does. The store captures the changed
/// values at the end of every action it reduces (``capture()``), so a step is checked against
/// the shared values as that action left them, even when later actions changed them again
/// before the test got to it. Changes an effect makes belong to the step that receives its
/// next action.
public final class SharedChangeTracker: @unchecked Sendable {
  /// The tracker whose assertion closure is running: reads return, and `withLock` changes,
  /// the expected value instead of the actual one. It is the tracker of the dependencies
  /// current now, while it asserts on this thread (`assertingChanges`): an effect of the
  /// same store running on another thread meanwhile sees the actual values. Looked up only
  /// while some test store checks a step, so a `Shared` read outside tests costs one atomic
  /// load for it.
  public static var asserting: SharedChangeTracker? {
    guard checksRunning.load(ordering: .acquiring) > 0,
      let tracker = DependencyValues.current.sharedChangeTracker,
      tracker.assertingThread.load(ordering: .acquiring) == currentThreadID()
    else { return nil }
    return tracker
  }

  /// How many test stores are checking a step now, in the whole process.
  private static let checksRunning = Atomic<Int>(0)

  /// The thread running this tracker's assertion closure (``currentThreadID()``); 0 when none.
  private let assertingThread = Atomic<UInt>(0)

  /// Runs `body`, a test store's assertion closure (or the description of what it expects),
  /// on the calling thread, with this tracker ``asserting`` there: the shared values it reads
  /// and changes are the expected ones. The tracker must be the current dependencies'.
  package func assertingChanges<Result>(_ body: () throws -> Result) rethrows -> Result {
    Self.checksRunning.add(1, ordering: .acquiringAndReleasing)
    let outer = assertingThread.exchange(currentThreadID(), ordering: .acquiringAndReleasing)
    defer {
      assertingThread.store(outer, ordering: .releasing)
      Self.checksRunning.subtract(1, ordering: .acquiringAndReleasing)
    }
    return try body()
  }

  /// While a step is checked: the shared values as its action left them, which reads of the
  /// actual values return.
  @TaskLocal public static var actualAsOf: SharedCapture?

  private let references = Mutex<[ObjectIdentifier: any SharedSnapshotting]>([:])
  /// How many values `references` holds, read without the lock: a test store asks on every
  /// step, and most steps change no shared value.
  private let count = Atomic<Int>(0)

  /// A tracker that has seen nothing change.
  public init() {}

  func track(_ reference: some SharedSnapshotting) {
    references.withLock { references in
      references[ObjectIdentifier(reference)] = reference
      count.store(references.count, ordering: .releasing)
    }
  }

  /// The values changed since the last asserted step, now.
  private func changed() -> [any SharedSnapshotting] {
    guard count.load(ordering: .acquiring) > 0 else { return [] }
    return references.withLock { Array($0.values) }
  }

  /// Whether any shared value changed since the last asserted step.
  public var hasChanges: Bool { count.load(ordering: .acquiring) > 0 }

  /// The actual values of every shared value changed since the last asserted step, now.
  public func capture() -> SharedCapture {
    let changed = changed()
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
    let changed = changed()
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
    for reference in changed() {
      let entry = capture.map { $0.values[ObjectIdentifier(reference)] }
      // Changed only after the capture: its asserted value is still the one before.
      if case .some(.none) = entry { continue }
      if reference.accept(entry ?? nil) {
        references.withLock { references in
          references.removeValue(forKey: ObjectIdentifier(reference))
          count.store(references.count, ordering: .releasing)
        }
      }
    }
  }

  /// Before a non-exhaustive assertion, which runs on the actual state: every changed value's
  /// expected value starts from its actual one (as `capture` holds it).
  public func startAssertingFromActual(asOf capture: SharedCapture? = nil) {
    for reference in changed() {
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

/// The calling thread, as a number: what tells the thread of an assertion closure from the
/// threads its store's effects run on.
private func currentThreadID() -> UInt {
  #if canImport(Glibc)
    UInt(pthread_self())
  #else
    UInt(bitPattern: pthread_self())
  #endif
}
