import Foundation

/// Lets a program that must end stop waiting for a reader that does not read: a write to a
/// pipe nobody drains, or to a terminal that stopped reading, blocks in `write(2)` for as long
/// as the reader likes, and the thread that writes (the main queue's) cannot answer a signal
/// meanwhile. After ``stop()`` a write blocked now returns at once (interrupted by a signal
/// of its own, `SIGURG`, whose handler does nothing), and later writes write only what the
/// output takes without waiting: the rest is dropped, as output nobody reads would be.
enum OutputWaits {
  private static let lock = NSLock()
  /// The threads inside `write(2)` now.
  nonisolated(unsafe) private static var writers: [pthread_t] = []
  nonisolated(unsafe) private static var stopped = false
  /// The signal that interrupts a blocked write; ignored by default, so nothing else sends it
  /// to a program that expects it.
  static let wakeSignal = SIGURG

  /// Whether writes no longer wait.
  static var isStopped: Bool { lock.withLock { stopped } }

  /// Before a write: registers the calling thread as writing, so ``stop()`` can interrupt it;
  /// whether writes no longer wait (then the caller checks the output takes bytes first).
  static func enter() -> Bool {
    // Dispatch's worker threads block signals; this one must let the wake-up through.
    var wake = sigset_t()
    sigemptyset(&wake)
    sigaddset(&wake, wakeSignal)
    pthread_sigmask(SIG_UNBLOCK, &wake, nil)
    return lock.withLock {
      writers.append(pthread_self())
      return stopped
    }
  }

  /// After a write.
  static func leave() {
    lock.withLock {
      if let index = writers.lastIndex(where: { pthread_equal($0, pthread_self()) != 0 }) {
        writers.remove(at: index)
      }
    }
  }

  /// From now on no write waits: the ones blocked now are interrupted (again, for a moment,
  /// in case one was about to enter `write(2)` as the first interruption came), the later
  /// ones write only what the output takes at once.
  static func stop() {
    installWakeHandler()
    lock.withLock { stopped = true }
    for _ in 0..<20 {
      let blocked = lock.withLock { writers }
      if blocked.isEmpty { return }
      for thread in blocked { pthread_kill(thread, wakeSignal) }
      usleep(25_000)
    }
  }

  /// Whether `descriptor` takes bytes now without waiting.
  static func takesBytesNow(_ descriptor: Int32) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
    return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLOUT) != 0
  }

  /// A handler that does nothing, installed without `SA_RESTART`, so the signal ends a
  /// blocked `write(2)` with `EINTR` instead of resuming it.
  private static func installWakeHandler() {
    SignalHandler.install(wakeSignal, restartingCalls: false) { _ in }
  }

}
