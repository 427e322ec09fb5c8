import Foundation

/// Work a test lets go on when it chooses: `wait()` suspends until the test calls `open()`.
/// A client whose load waits on a gate shows what a feature does while the load is under way,
/// with no sleep and no race.
///
/// ```swift
/// let gate = TestGate()
/// $0.items = ItemsClient(load: { await gate.wait(); return [milk] }, save: { _ in })
/// await store.send(.onAppear) { $0.isLoading = true }
/// await store.send(.addTapped(name: "X")) { $0.message = ItemList.stillLoading }
/// gate.open()
/// await store.receive(\.itemsLoaded) { … }
/// ```
public final class TestGate: @unchecked Sendable {
  private let lock = NSLock()
  private var isOpen = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// A closed gate.
  public init() {}

  /// Suspends until the gate is open (at once if it is already).
  public func wait() async {
    await withCheckedContinuation { continuation in
      let resumeNow = lock.withLock {
        if isOpen { return true }
        waiting.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  /// Opens the gate: every waiter goes on, and later waits return at once.
  public func open() {
    let resumed = lock.withLock {
      isOpen = true
      defer { waiting.removeAll() }
      return waiting
    }
    for continuation in resumed { continuation.resume() }
  }
}
