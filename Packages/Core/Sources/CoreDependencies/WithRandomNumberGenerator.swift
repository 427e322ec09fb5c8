import Foundation

extension DependencyValues {
  /// A dependency that yields a random number generator to a closure, as swift-dependencies
  /// spells it: `withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }`. Live, the
  /// system's generator; a test gives a seeded one for numbers it can expect:
  ///
  /// ```swift
  /// $0.withRandomNumberGenerator = WithRandomNumberGenerator(LCRNG(seed: 0))
  /// ```
  public var withRandomNumberGenerator: WithRandomNumberGenerator {
    get { self[WithRandomNumberGeneratorKey.self] }
    set { self[WithRandomNumberGeneratorKey.self] = newValue }
  }

  private enum WithRandomNumberGeneratorKey: DependencyKey {
    static let liveValue = WithRandomNumberGenerator(SystemRandomNumberGenerator())
  }
}

/// A random number generator behind a lock, handed to one closure at a time: the value of
/// ``DependencyValues/withRandomNumberGenerator``. swift-dependencies' type, with its spellings.
public final class WithRandomNumberGenerator: @unchecked Sendable {
  private var generator: any RandomNumberGenerator
  private let lock = NSLock()

  /// A dependency that hands out `generator`.
  public init<T: RandomNumberGenerator & Sendable>(_ generator: T) {
    self.generator = generator
  }

  /// Runs `work` with the generator, under the lock: what it draws advances the generator.
  public func callAsFunction<R>(_ work: (inout any RandomNumberGenerator) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return work(&generator)
  }
}
