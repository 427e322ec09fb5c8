import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a `TestStore` runs its effects: a task executor that lets them run only while the
/// test awaits the store (a send, a receive, a finish) or a ``TestClock``, and holds their work
/// in between. So an effect that waits on the real clock (`Task.sleep` in a dependency) cannot
/// deliver between two steps of a test however slow the machine is, and an effect's jobs run
/// one at a time, in the order they became ready.
///
/// A `send` opens it for work the main actor resumes only (the effects it started, what they
/// send and the actors they call, which run on the main serial executor during the step): an
/// effect woken from elsewhere (a real clock, a server) waits for a step that waits for it
/// (`receive`, `finish`), as under TCA's main serial executor, however long the `send` takes.
///
/// Jobs run on one serial queue of its own, never on the main actor, so a test store does not
/// serialize the other tests of the process.
package final class EffectExecutor: TaskExecutor, @unchecked Sendable {
  /// How far the gate is open.
  package enum Opening {
    /// Every job runs.
    case all
    /// Only jobs the main thread makes ready run (what a step itself sets going).
    case mainOnly
  }

  private struct Held {
    let job: UnownedJob
    let fromMain: Bool
  }

  private struct Gate {
    /// How many steps hold the gate open for every job.
    var openers = 0
    /// How many steps hold it open for jobs the main thread makes ready.
    var mainOpeners = 0
    /// Jobs that became ready while the gate was shut to them.
    var held: [Held] = []
    /// Jobs handed to the queue and not yet run to their next suspension.
    var running = 0
    /// How many jobs have run to their next suspension: a wait that sees it grow knows the
    /// effects are moving, however slowly the machine runs them.
    var ran: UInt64 = 0
    /// Shut for good: the store is gone, so held work runs to let its tasks end.
    var isReleased = false
    /// Cancelled runs that have not ended: while there are any, a step admits every job, so
    /// they end within the step that cancelled them, as under TCA.
    var windingDown = 0

    func admits(fromMain: Bool) -> Bool {
      isReleased || openers > 0 || (mainOpeners > 0 && (fromMain || windingDown > 0))
    }

    /// Takes the held jobs the gate now admits, in the order they became ready.
    mutating func takeAdmitted() -> [UnownedJob] {
      // Most steps find nothing held: no arrays to build then.
      guard !held.isEmpty else { return [] }
      var admitted: [UnownedJob] = []
      var kept: [Held] = []
      for entry in held {
        if admits(fromMain: entry.fromMain) {
          admitted.append(entry.job)
        } else {
          kept.append(entry)
        }
      }
      held = kept
      running += admitted.count
      return admitted
    }
  }

  // Unchecked Sendable: all mutable state is in `gate`, behind its lock.
  private let gate = Mutex(Gate())
  private let queue = DispatchQueue(label: "switchyard.effects")

  /// Every executor of a live test store, for ``TestClock/advance(by:)`` to open: from `init`
  /// until ``release()``, which the test store calls when it goes. Held strongly: a weak
  /// reference would give every executor a side table, and each retain and release of it on
  /// a test step would take the runtime's slow path (about 250 instructions a step).
  private static let live = Mutex<[ObjectIdentifier: EffectExecutor]>([:])

  /// The test whose store this is (nil outside a test): a clock advanced in that test moves
  /// its effects, never another test's.
  private let testID: String?

  /// The thread that runs the main actor's jobs: the store is made there (a test store is
  /// main-actor isolated). Foundation's `Thread.isMainThread` is not it in a test process.
  private let mainActorThread = pthread_self()

  package init() {
    testID = LinkedTestFramework.adapter?.currentTestID
    Self.live.withLock { $0[ObjectIdentifier(self)] = self }
  }

  package func enqueue(_ job: UnownedJob) {
    let fromMain = pthread_equal(pthread_self(), mainActorThread) != 0
    let runNow = gate.withLock { gate -> Bool in
      guard gate.admits(fromMain: fromMain) else {
        gate.held.append(Held(job: job, fromMain: fromMain))
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
      self.gate.withLock { gate in
        gate.running -= 1
        gate.ran += 1
      }
    }
  }

  /// Lets held and new work run, as far as `opening` says, until the matching ``close(_:)``.
  package func open(_ opening: Opening = .all) {
    let admitted = gate.withLock { gate -> [UnownedJob] in
      switch opening {
      case .all: gate.openers += 1
      case .mainOnly: gate.mainOpeners += 1
      }
      return gate.takeAdmitted()
    }
    admitted.forEach(dispatch)
  }

  /// Holds new work again, once every ``open(_:)`` has been closed.
  package func close(_ opening: Opening = .all) {
    gate.withLock { gate in
      switch opening {
      case .all: gate.openers -= 1
      case .mainOnly: gate.mainOpeners -= 1
      }
    }
  }

  /// A run was cancelled: until it ends, a step admits every job.
  package func beginWindingDown() {
    let admitted = gate.withLock { gate -> [UnownedJob] in
      gate.windingDown += 1
      return gate.takeAdmitted()
    }
    admitted.forEach(dispatch)
  }

  /// A cancelled run ended.
  package func endWindingDown() {
    gate.withLock { $0.windingDown -= 1 }
  }

  /// Opens the gate for good and leaves the registry: the store is gone, and its cancelled
  /// effects must be able to end.
  package func release() {
    Self.live.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(self)) }
    let admitted = gate.withLock { gate -> [UnownedJob] in
      gate.isReleased = true
      return gate.takeAdmitted()
    }
    admitted.forEach(dispatch)
  }

  /// Whether no job is running, and none the gate admits now waits to run.
  package var isIdle: Bool {
    gate.withLock { gate in
      gate.running == 0 && !gate.held.contains { gate.admits(fromMain: $0.fromMain) }
    }
  }

  /// What the effects have done so far: it changes each time a job runs to its next suspension
  /// and while one runs. A ``Deadline`` compares two of them.
  package var progress: Progress {
    gate.withLock { Progress(ran: $0.ran, isRunning: $0.running > 0) }
  }

  /// Waits, with the gate open as far as `opening` says, until the effects have nothing left
  /// to run: each has suspended on something outside (a clock, a stream, a dependency) or
  /// ended. Each round yields the main actor once, so a hop an effect made to it (a send)
  /// runs and whatever it started is seen.
  ///
  /// Gives up when no job has run for `limit` (a job that blocks its thread never suspends):
  /// the step then goes on, and the effect is reported as still running if it is when the test
  /// ends. A slow machine only makes it wait longer.
  @MainActor
  package func settle(_ opening: Opening = .all, limit: Duration = .seconds(1)) async {
    open(opening)
    defer { close(opening) }
    var deadline = Deadline(idleFor: limit, watching: self)
    // Quiet for a few yields in a row: work an effect awaits elsewhere (an actor, a task of
    // its own) runs on the main serial executor during a step and comes back in that time.
    var quietYields = 0
    while quietYields < 3 {
      guard !deadline.hasPassed() else { return }
      let wasIdle = isIdle
      await Task.yield()
      quietYields = wasIdle && isIdle ? quietYields + 1 : 0
    }
  }

  /// The executors of the live test stores of the running test.
  static func ofThisTest() -> [EffectExecutor] {
    let test = LinkedTestFramework.adapter?.currentTestID
    return live.withLock { Array($0.values) }.filter { $0.testID == test }
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
