import Synchronization

/// A thread-safe counter that hands out 0, 1, 2, ...; shared by the id generators.
///
/// Atomic rather than behind a lock: a test store peeks at and rewinds its stack id
/// generator on every step, and a lock costs about 30 instructions a call more. The counter
/// carries no other data between threads, so relaxed ordering is enough.
package final class LockedCounter: Sendable {
  private let value: Atomic<Int>

  /// A counter whose first number is `start`.
  package init(startingAt start: Int = 0) {
    self.value = Atomic(start)
  }

  /// The next number. Stays at `Int.max` once there, rather than trapping.
  package func next() -> Int {
    var current = value.load(ordering: .relaxed)
    while true {
      let following = current == .max ? .max : current + 1
      let (exchanged, seen) = value.compareExchange(
        expected: current, desired: following, ordering: .relaxed)
      if exchanged { return current }
      current = seen
    }
  }

  /// Makes sure `next()` returns more than `number` from now on.
  package func advance(past number: Int) {
    let target = number == .max ? .max : number + 1
    var current = value.load(ordering: .relaxed)
    while current < target {
      let (exchanged, seen) = value.compareExchange(
        expected: current, desired: target, ordering: .relaxed)
      if exchanged { return }
      current = seen
    }
  }

  /// Makes `next()` return `number` again, even when it already went past it.
  package func restart(at number: Int) {
    value.store(number, ordering: .relaxed)
  }

  /// The number `next()` will return, without taking it.
  package func peek() -> Int {
    value.load(ordering: .relaxed)
  }
}
