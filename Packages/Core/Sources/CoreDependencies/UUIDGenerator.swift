import Foundation

/// Makes UUIDs. Override it with ``incrementing`` so identifiers in tests are predictable.
///
/// ```swift
/// @Dependency(\.uuid) var uuid
/// let item = Item(id: uuid(), name: name)
/// ```
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// Makes a generator from a closure.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// A new UUID.
  public func callAsFunction() -> UUID { generate() }

  /// The same UUID every time: `$0.uuid = .constant(UUID(1))`, as swift-dependencies spells it.
  public static func constant(_ uuid: UUID) -> Self {
    Self { uuid }
  }

  /// `00000000-0000-0000-0000-000000000000`, then `...0001`, and so on: one counter per
  /// generator.
  public static var incrementing: UUIDGenerator {
    let counter = LockedCounter()
    return UUIDGenerator { UUID(counting: UInt64(counter.next())) }
  }
}

extension UUID {
  /// The UUID whose last 16 hex digits spell `value`, like `...-0000-000000000003` for 3: every
  /// `UInt64` gets its own UUID, in the same order as the numbers.
  public init(counting value: UInt64) {
    let hex = String(value, radix: 16, uppercase: true)
    // A UInt64 has at most 16 hex digits: the fourth group and the last.
    let digits = String(repeating: "0", count: 16 - hex.count) + hex
    self.init(uuidString: "00000000-0000-0000-\(digits.prefix(4))-\(digits.suffix(12))")!
  }
}

extension UUID {
  /// The UUID an incrementing generator makes `intValue`-th, as swift-dependencies spells it:
  /// `UUID(0)` is `00000000-0000-0000-0000-000000000000`. A negative number counts from the
  /// top of the range (its bits as an unsigned number).
  public init(_ intValue: Int) {
    self.init(counting: UInt64(bitPattern: Int64(intValue)))
  }
}

extension UUIDGenerator: DependencyKey {
  /// Random UUIDs.
  public static let liveValue = UUIDGenerator { UUID() }
  /// Reports an issue, then behaves as ``incrementing``.
  public static var testValue: UUIDGenerator {
    let incrementing = UUIDGenerator.incrementing
    return UUIDGenerator {
      reportIssue("Unimplemented: uuid() was called; set $0.uuid = .incrementing in the test")
      return incrementing()
    }
  }
}

extension DependencyValues {
  /// A UUID generator.
  public var uuid: UUIDGenerator {
    get { self[UUIDGenerator.self] }
    set { self[UUIDGenerator.self] = newValue }
  }
}
