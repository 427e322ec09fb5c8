import Foundation

/// Tells the current date. Override it so that code which stamps times is deterministic.
///
/// ```swift
/// @Dependency(\.date) var date
/// let item = Item(createdAt: date.now)
/// ```
public struct DateGenerator: Sendable {
  private var generate: @Sendable () -> Date

  /// Makes a generator from a closure.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// The current date as this generator sees it. Setting it makes the generator answer that
  /// date from then on, as swift-dependencies allows: `$0.date.now = Date(…)`.
  public var now: Date {
    get { generate() }
    set { generate = { newValue } }
  }

  /// The current date: `date()`, as swift-dependencies spells it.
  public func callAsFunction() -> Date { generate() }

  /// Always the same date.
  public static func constant(_ date: Date) -> DateGenerator {
    DateGenerator { date }
  }
}

extension DateGenerator: DependencyKey {
  /// The system clock.
  public static let liveValue = DateGenerator { Date() }
  /// Reports an issue, then answers the reference date (2001-01-01).
  public static var testValue: DateGenerator {
    DateGenerator {
      reportIssue("Unimplemented: date.now was read; set $0.date = .constant(...) in the test")
      return Date(timeIntervalSinceReferenceDate: 0)
    }
  }
}

extension DependencyValues {
  /// The current date.
  public var date: DateGenerator {
    get { self[DateGenerator.self] }
    set { self[DateGenerator.self] = newValue }
  }
}
