import Foundation

extension Task where Failure == Never {
  /// Suspends until the task is cancelled, then throws `CancellationError`: a dependency that
  /// never answers in a test (`$0.factClient.fetch = { _ in try await Task.never() }`).
  /// swift-concurrency-extras' spelling, which TCA re-exports.
  public static func never() async throws -> Success {
    for await element in AsyncStream<Success>.never {
      return element
    }
    throw _Concurrency.CancellationError()
  }

  /// The task's value, cancelling the task when the task that waits is cancelled.
  public var cancellableValue: Success {
    get async {
      await withTaskCancellationHandler {
        await self.value
      } onCancel: {
        self.cancel()
      }
    }
  }
}

extension Task where Success == Never, Failure == Never {
  /// Suspends until the task is cancelled, then throws `CancellationError`.
  public static func never() async throws {
    for await _ in AsyncStream<Never>.never {}
    throw _Concurrency.CancellationError()
  }

  /// Yields `count` times, each on a detached task, so other tasks can start their work.
  /// swift-concurrency-extras' spelling; Core's `TestStore` needs none of it, since it runs
  /// effects on the main serial executor (`withMainSerialExecutor`).
  public static func megaYield(count: Int = 20) async {
    for _ in 0..<count {
      await Task<Void, Never>.detached(priority: .background) { await Task<Never, Never>.yield() }
        .value
    }
  }
}

extension Task where Failure == any Error {
  /// The task's value, cancelling the task when the task that waits is cancelled.
  public var cancellableValue: Success {
    get async throws {
      try await withTaskCancellationHandler {
        try await self.value
      } onCancel: {
        self.cancel()
      }
    }
  }
}
