import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a `TestStore` runs its effects: a task executor that runs their jobs on the main
/// thread, one at a time, in the order they became ready, for the store's whole life, as TCA's
/// test store does on its main serial executor.
///
/// So an effect moves only while a main-actor test awaits something (the store, a clock,
/// `Task.sleep`, `Task.yield()`), and the order of its jobs and the test's is fixed: an answer
/// an effect makes while the test yields is there when the test looks. Jobs a real clock wakes
/// run in the order they were woken: the platform's timers may wake two sleepers due within a
/// millisecond of each other in either order.
///
/// The other tasks of the process are not moved: tests that run beside this one keep their
/// own threads. While a step runs (`send`, `receive`, `finish`, a `TestClock` advance), every
/// task of the process runs on the main serial executor (`withMainSerialExecutor`), so work an
/// effect awaits elsewhere comes back within the step.
package final class EffectExecutor: TaskExecutor, @unchecked Sendable {
  /// Which jobs a wait waits for.
  package enum Work {
    /// Every job of the effects.
    case all
    /// Jobs the main actor made ready (what a step itself sets going, and what it answers),
    /// not those an effect's own job made ready (a loop that yields) or a clock woke.
    case fromMain
  }

  private struct Counts {
    /// Jobs handed to the main thread and not yet run to their next suspension.
    var pending = 0
    /// Those of them the main actor made ready.
    var pendingFromMain = 0
    /// How many jobs have run to their next suspension: a wait that sees it grow knows the
    /// effects are moving, however slowly the machine runs them.
    var ran: UInt64 = 0
  }

  // Unchecked Sendable: all mutable state is in `counts`, behind its lock.
  private let counts = Mutex(Counts())

  /// Whether the main thread is running a job of an effect now: work that job makes ready is
  /// the effect's own, not the main actor's.
  private static let runsEffectJob = Mutex(false)

  /// Every executor of a live test store, for ``TestClock/advance(by:)`` to wait for: from
  /// `init` until ``release()``, which the test store calls when it goes. Held strongly: a weak
  /// reference would give every executor a side table, and each retain and release of it on
  /// a test step would take the runtime's slow path (about 250 instructions a step).
  private static let live = Mutex<[ObjectIdentifier: EffectExecutor]>([:])

  /// The test whose store this is (nil outside a test): a clock advanced in that test waits
  /// for its effects, never another test's.
  private let testID: String?

  /// The thread that runs the main actor's jobs: the store is made there (a test store is
  /// main-actor isolated). Foundation's `Thread.isMainThread` is not it in a test process.
  private let mainActorThread = pthread_self()

  package init() {
    testID = LinkedTestFramework.adapter?.currentTestID
    Self.live.withLock { $0[ObjectIdentifier(self)] = self }
  }

  package func enqueue(_ job: UnownedJob) {
    let fromMain =
      pthread_equal(pthread_self(), mainActorThread) != 0 && !Self.runsEffectJob.withLock { $0 }
    counts.withLock { counts in
      counts.pending += 1
      if fromMain { counts.pendingFromMain += 1 }
    }
    DispatchQueue.main.async {
      Self.runsEffectJob.withLock { $0 = true }
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      Self.runsEffectJob.withLock { $0 = false }
      self.counts.withLock { counts in
        counts.pending -= 1
        if fromMain { counts.pendingFromMain -= 1 }
        counts.ran += 1
      }
    }
  }

  /// Leaves the registry: the store is gone.
  package func release() {
    Self.live.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(self)) }
  }

  /// Whether no job of `work` is running or waits to run.
  package func isIdle(_ work: Work = .all) -> Bool {
    counts.withLock { counts in
      switch work {
      case .all: counts.pending == 0
      case .fromMain: counts.pendingFromMain == 0
      }
    }
  }

  /// What the effects have done so far: it changes each time a job runs to its next suspension
  /// and while one waits to run. A ``Deadline`` compares two of them.
  package var progress: Progress {
    counts.withLock { Progress(ran: $0.ran, isRunning: $0.pending > 0) }
  }

  /// Waits until the effects have no job of `work` left to run: each has suspended on
  /// something outside (a clock, a stream, a dependency) or ended. Each round yields the main
  /// actor once, so the jobs, and a hop an effect made to it (a send), run and whatever they
  /// started is seen.
  ///
  /// Gives up when no job has run for `limit` (a job that blocks its thread never suspends):
  /// the step then goes on, and the effect is reported as still running if it is when the test
  /// ends. A slow machine only makes it wait longer.
  @MainActor
  package func settle(_ work: Work = .all, limit: Duration = .seconds(1)) async {
    var deadline = Deadline(idleFor: limit, watching: self)
    // Quiet for a few yields in a row: work an effect awaits elsewhere (an actor, a task of
    // its own) runs on the main serial executor during a step and comes back in that time.
    var quietYields = 0
    while quietYields < 3 {
      guard !deadline.hasPassed() else { return }
      let wasIdle = isIdle(work)
      await Task.yield()
      quietYields = wasIdle && isIdle(work) ? quietYields + 1 : 0
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
