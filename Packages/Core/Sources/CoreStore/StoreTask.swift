/// The effects started by one `Store.send`: await them, or cancel them.
///
/// ```swift
/// let task = store.send(.refresh)
/// await task.finish()
/// ```
public struct StoreTask: Sendable {
  private let tasks: [Task<Void, Never>]

  init(tasks: [Task<Void, Never>]) {
    self.tasks = tasks
  }

  /// Waits until every effect the send started has finished (or was cancelled and returned).
  public func finish() async {
    for task in tasks {
      await task.value
    }
  }

  /// Cancels every effect the send started.
  public func cancel() {
    for task in tasks {
      task.cancel()
    }
  }

  /// Whether the send started any async work.
  public var hasEffects: Bool { !tasks.isEmpty }

  /// Whether the effects were cancelled (true when there were none), as TCA's `isCancelled`.
  public var isCancelled: Bool { tasks.allSatisfy(\.isCancelled) }
}
