import Foundation

/// Keeps a shared value in its storage: reads it once, saves each change after a quiet moment
/// (debounced: many quick changes, one write), and never writes over bytes another process
/// changed since they were read: that save is refused and reported, and ``load()`` picks the
/// stored value up. A save that fails keeps the change to save it again later.
final class PersistedValue<Value: Codable & Sendable, Location: StoredLocation>:
  SharedPersistence, @unchecked Sendable
{
  private let lock = NSRecursiveLock()
  private let location: Location
  private let saveDelay: Duration
  private let clock: any Clock<Duration>
  /// The version read or written last; nil when it could not be read.
  private var version: Location.Version?
  /// A change not saved yet.
  private var pending: Value?
  private var timer: Task<Void, Never>?
  /// Why no save may write now (the stored bytes could not be read, or changed elsewhere).
  private var refusal: SharedStorageError?

  private init(location: Location, saveDelay: Duration, clock: any Clock<Duration>) {
    self.location = location
    self.saveDelay = saveDelay
    self.clock = clock
  }

  /// The stored value (or `initialValue` when nothing is stored, or when what is stored cannot
  /// be read, which is reported and left alone) and what keeps it stored.
  static func open(
    _ location: Location, saveDelay: Duration, clock: any Clock<Duration>,
    initialValue: () -> Value
  ) -> (Value, PersistedValue) {
    let persistence = PersistedValue(location: location, saveDelay: saveDelay, clock: clock)
    do {
      return (try persistence.read() ?? initialValue(), persistence)
    } catch {
      reportIssue(error.description)
      return (initialValue(), persistence)
    }
  }

  func valueChanged(_ value: Value) {
    // The deadline counts from this change, whenever the task below starts sleeping. (A
    // stored existential is not opened for a generic call; a local one is.)
    let clock = self.clock
    let sleep = sleeper(on: clock, for: saveDelay)
    lock.withLock {
      pending = value
      if saveDelay == .zero {
        saveReportingFailure()
      } else if timer == nil {
        timer = Task {
          await sleep()
          // Cancelled by a save that came first (or a load): nothing is left to save.
          guard !Task.isCancelled else { return }
          self.saveReportingFailure()
        }
      }
    }
  }

  func save() throws(SharedStorageError) {
    lock.lock()
    defer { lock.unlock() }
    timer?.cancel()
    timer = nil
    guard let value = pending else { return }
    if let refusal { throw refusal }
    let data: Data
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      data = try encoder.encode(value)
    } catch {
      throw .notWritten(location.name, reason: "\(error)")
    }
    guard let version else { throw .changedElsewhere(location.name) }
    do {
      self.version = try location.write(data, ifStill: version)
      pending = nil
    } catch is StoredValueConflict {
      refusal = .changedElsewhere(location.name)
      throw .changedElsewhere(location.name)
    } catch {
      throw .notWritten(location.name, reason: "\(error)")
    }
  }

  func load() throws(SharedStorageError) -> Value? {
    lock.lock()
    defer { lock.unlock() }
    let before = version
    let value = try read()
    guard version != before || pending != nil else { return nil }
    timer?.cancel()
    timer = nil
    pending = nil
    return value
  }

  func storedValueIfChangedElsewhere() -> Value? {
    lock.lock()
    defer { lock.unlock() }
    guard pending == nil, refusal == nil, let version,
      let now = try? location.versionNow(), now != version
    else { return nil }
    return try? read()
  }

  func waitForSave() async {
    await lock.withLock { timer }?.value
  }

  /// Reads the stored value (nil when nothing is stored) and its version; a value that cannot
  /// be read blocks every save until a later read succeeds.
  private func read() throws(SharedStorageError) -> Value? {
    do {
      let stored = try location.read()
      version = stored.version
      refusal = nil
      guard let data = stored.data else { return nil }
      return try JSONDecoder().decode(Value.self, from: data)
    } catch {
      let failure = SharedStorageError.unreadable(
        location.name, as: Value.self, reason: Self.reason(error))
      refusal = failure
      throw failure
    }
  }

  private func saveReportingFailure() {
    do {
      try save()
    } catch {
      reportIssue(error.description)
    }
  }

  private static func reason(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context): context.debugDescription
    case DecodingError.keyNotFound(let key, _): "no \(key.stringValue)"
    case DecodingError.typeMismatch(let type, let context):
      "\(context.codingPath.map(\.stringValue).joined(separator: ".")) is not a \(type)"
    case DecodingError.valueNotFound(_, let context):
      "\(context.codingPath.map(\.stringValue).joined(separator: ".")) is null"
    default: "\(error)"
    }
  }
}

/// Sleeps until `delay` after now, now being when this is called (not when the task starts
/// sleeping), so a test clock advanced right after a change wakes the save.
private func sleeper<C: Clock<Duration>>(
  on clock: C, for delay: Duration
) -> @Sendable () async -> Void {
  let deadline = clock.now.advanced(by: delay)
  return { try? await clock.sleep(until: deadline, tolerance: nil) }
}
