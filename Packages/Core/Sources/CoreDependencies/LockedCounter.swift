import Synchronization

/// A thread-safe counter that hands out 0, 1, 2, ...; shared by the id generators.
package final class LockedCounter: Sendable {
  private let value: Mutex<Int>

  /// A counter whose first number is `start`.
  package init(startingAt start: Int = 0) {
    self.value = Mutex(start)
  }

  /// The next number. Stays at `Int.max` once there, rather than trapping.
  package func next() -> Int {
    value.withLock { value in
      defer { value = value == .max ? .max : value + 1 }
      return value
    }
  }

  /// Makes sure `next()` returns more than `number` from now on.
  package func advance(past number: Int) {
    value.withLock { value in
      if value <= number {
        value = number == .max ? .max : number + 1
      }
    }
  }

  /// Makes `next()` return `number` again, even when it already went past it.
  package func restart(at number: Int) {
    value.withLock { $0 = number }
  }

  /// The number `next()` will return, without taking it.
  package func peek() -> Int {
    value.withLock { $0 }
  }
}
