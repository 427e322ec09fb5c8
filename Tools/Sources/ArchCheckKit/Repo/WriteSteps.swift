import Foundation
import Synchronization

/// The points where a tool changes the tree (a file written, renamed or deleted, a folder
/// moved), counted, so a test can stop a run at each of them as `kill -9` would at that
/// instant. With `SWITCHYARD_KILL_AT_STEP=N` in the environment, the process kills itself
/// (SIGKILL, which nothing can catch) when it reaches the Nth; without it, nothing happens.
enum WriteSteps {
  private static let reached = Atomic<Int>(0)
  private static let killAt = ProcessInfo.processInfo.environment["SWITCHYARD_KILL_AT_STEP"]
    .flatMap { Int($0) }

  /// Marks the next point; kills the process there when the environment asks for it.
  static func step() {
    guard let killAt else { return }
    let number = reached.add(1, ordering: .relaxed).newValue
    if number == killAt { kill(getpid(), SIGKILL) }
  }
}
