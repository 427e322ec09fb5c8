import Synchronization

/// A thread-safe counter that hands out 0, 1, 2, ...; shared by the id generators.
package final class LockedCounter: Sendable {
  private let value: Mutex<Int>

  /// A counter whose first number is `start`.
  package init(startingAt start: Int = 0) {
    self.value = Mutex(start)
  }

  /// The next number.
  package func next() -> Int {
    value.withLock { value in
      defer { value += 1 }
      return value
    }
  }

  /// The number `next()` will return, without taking it.
  package func peek() -> Int {
    value.withLock { $0 }
  }
}
