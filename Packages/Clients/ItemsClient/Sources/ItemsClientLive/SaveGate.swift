import Foundation

/// Keeps a save and an exit on a signal apart: the signal handler waits for a save under way
/// to finish, so "saved items are kept" is true when the demo says it. The lock is recursive:
/// the handler may itself save what is still unsaved while it holds it.
public enum SaveGate {
  private static let lock = NSRecursiveLock()

  /// Runs a save; a signal arriving meanwhile waits for it.
  static func whileSaving<Result, Failure: Error>(
    _ save: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try save()
  }

  /// Waits for a save under way, then runs `body` with no other thread able to start one.
  public static func afterSaves<Result>(_ body: () -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }
}
