import Dispatch
import Synchronization

/// Where a `TestStore` runs its effects: a task executor that lets them run only while the
/// test awaits the store (a send, a receive, a finish) or a ``TestClock``, and holds their work
/// in between. So an effect that waits on the real clock (`Task.sleep` in a dependency) cannot
/// deliver between two steps of a test however slow the machine is, and an effect's jobs run
/// one at a time, in the order they became ready.
///
/// Jobs run on one serial queue of its own, never on the main actor, so a test store does not
/// serialize the other tests of the process.
package final class EffectExecutor: TaskExecutor, @unchecked Sendable {
  private struct Gate {
    /// How many steps hold the gate open.
    var openers = 0
    /// Jobs that became ready while the gate was shut.
    var held: [UnownedJob] = []
    /// Jobs handed to the queue and not yet run to their next suspension.
    var running = 0
    /// Shut for good: the store is gone, so held work runs to let its tasks end.
    var isReleased = false
  }

  // Unchecked Sendable: all mutable state is in `gate`, behind its lock.
  private let gate = Mutex(Gate())
  private let queue = DispatchQueue(label: "switchyard.effects")

  /// Every executor of a live test store, for ``TestClock/advance(by:)`` to open.
  private static let live = Mutex<[ObjectIdentifier: WeakExecutor]>([:])

  /// The test whose store this is (nil outside a test): a clock advanced in that test moves
  /// its effects, never another test's.
  private let testID: String?

  package init() {
    testID = LinkedTestFramework.adapter?.currentTestID
    Self.live.withLock { $0[ObjectIdentifier(self)] = WeakExecutor(self) }
  }

  deinit {
    Self.live.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(self)) }
  }

  package func enqueue(_ job: UnownedJob) {
    let runNow = gate.withLock { gate -> Bool in
      guard gate.openers > 0 || gate.isReleased else {
        gate.held.append(job)
        return false
      }
      gate.running += 1
      return true
    }
    if runNow { dispatch(job) }
  }

  private func dispatch(_ job: UnownedJob) {
    queue.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      self.gate.withLock { $0.running -= 1 }
    }
  }

  /// Lets held and new work run until the matching ``close()``.
  package func open() {
    let released = gate.withLock { gate -> [UnownedJob] in
      gate.openers += 1
      let held = gate.held
      gate.held.removeAll()
      gate.running += held.count
      return held
    }
    released.forEach(dispatch)
  }

  /// Holds new work again, once every ``open()`` has been closed.
  package func close() {
    gate.withLock { $0.openers -= 1 }
  }

  /// Opens the gate for good: the store is gone, and its cancelled effects must be able to end.
  package func release() {
    let released = gate.withLock { gate -> [UnownedJob] in
      gate.isReleased = true
      let held = gate.held
      gate.held.removeAll()
      gate.running += held.count
      return held
    }
    released.forEach(dispatch)
  }

  /// Whether no job is running or waiting to run while the gate is open.
  package var isIdle: Bool {
    gate.withLock { $0.running == 0 && ($0.held.isEmpty || $0.openers == 0) }
  }

  /// Waits, with the gate open, until the effects have nothing left to run: each has
  /// suspended on something outside (a clock, a stream, a dependency) or ended. Each round
  /// yields the main actor once, so a hop an effect made to it (a send) runs and whatever it
  /// started is seen.
  ///
  /// Gives up after `limit` (a job that blocks its thread never suspends): the step then goes
  /// on, and the effect is reported as still running if it is when the test ends.
  @MainActor
  package func settle(limit: Duration = .seconds(1)) async {
    open()
    defer { close() }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: limit)
    // Quiet for a few yields in a row: work an effect awaits elsewhere (an actor, a task of
    // its own) runs on the main serial executor during a step and comes back in that time.
    var quietYields = 0
    while quietYields < 3 {
      guard clock.now < deadline else { return }
      let wasIdle = isIdle
      await Task.yield()
      quietYields = wasIdle && isIdle ? quietYields + 1 : 0
    }
  }

  /// The executors of the live test stores of the running test.
  static func ofThisTest() -> [EffectExecutor] {
    let test = LinkedTestFramework.adapter?.currentTestID
    return live.withLock { $0.values.compactMap(\.executor) }.filter { $0.testID == test }
  }
}

/// A registry entry that does not keep its executor alive.
private struct WeakExecutor: @unchecked Sendable {
  weak var executor: EffectExecutor?

  init(_ executor: EffectExecutor) {
    self.executor = executor
  }
}

extension DependencyValues {
  /// The executor a test store runs its effects on; nil for a live store (the global pool).
  package var effectExecutor: EffectExecutor? {
    get { self[EffectExecutorKey.self] }
    set { self[EffectExecutorKey.self] = newValue }
  }
}

private enum EffectExecutorKey: DependencyKey {
  static let liveValue: EffectExecutor? = nil
  static let testValue: EffectExecutor? = nil
}
