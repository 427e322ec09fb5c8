import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `operation` with every task of the process scheduled on the main thread, one job at a
/// time, in the order the jobs were enqueued: what `TestStore` and ``TestClock`` do so that
/// effects interleave the same way on every run.
///
/// Only for tests. It routes the Swift runtime's global enqueues to the main executor (the
/// hook TCA's `withMainSerialExecutor` uses), so a job that blocks the thread while waiting
/// for another task would stall the process. Calls nest and may overlap across tasks: the
/// hook is installed by the first and removed by the last.
///
/// ```swift
/// await withMainSerialExecutor {
///   await store.send(.startTimer)
///   await clock.advance(by: .seconds(2))
/// }
/// ```
public func withMainSerialExecutor<Result>(
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> Result
) async rethrows -> Result {
  MainSerialExecutor.enable()
  defer { MainSerialExecutor.disable() }
  return try await operation()
}

/// Installs and removes the runtime's global-enqueue hook, counting nested users.
package enum MainSerialExecutor {
  private typealias Original = @convention(thin) (UnownedJob) -> Void
  private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  private struct Users {
    var count = 0
    var saved: Hook?
  }

  // The hook is a plain global of the concurrency runtime; nil when it cannot be found (then
  // scheduling stays as it is, and tests fall back to waiting).
  nonisolated(unsafe) private static let hook: UnsafeMutablePointer<Hook?>? = dlsym(
    dlopen(nil, RTLD_LAZY), "swift_task_enqueueGlobal_hook"
  ).map { $0.assumingMemoryBound(to: Hook?.self) }

  private static let users = Mutex(Users())

  /// Whether the hook exists in this runtime.
  package static var isAvailable: Bool { hook != nil }

  /// Whether jobs are being routed to the main thread now.
  package static var isEnabled: Bool { users.withLock { $0.count > 0 } }

  /// Starts routing every global job to the main executor (or counts one more user).
  package static func enable() {
    guard let hook else { return }
    users.withLock { users in
      if users.count == 0 {
        users.saved = hook.pointee
        hook.pointee = { job, _ in MainActor.shared.enqueue(job) }
      }
      users.count += 1
    }
  }

  /// Counts one user fewer; the last one restores the scheduling there was before.
  package static func disable() {
    guard let hook else { return }
    users.withLock { users in
      users.count -= 1
      if users.count == 0 {
        hook.pointee = users.saved
        users.saved = nil
      }
    }
  }
}
