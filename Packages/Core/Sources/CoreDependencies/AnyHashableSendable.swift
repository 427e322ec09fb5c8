/// A type-erased hashable and sendable value: a `Sendable` `AnyHashable`, for an id of any type
/// kept across tasks. swift-concurrency-extras' type, which TCA re-exports.
public struct AnyHashableSendable: Hashable, Sendable {
  /// The value erased.
  public let base: any Hashable & Sendable

  /// Erases `base`; an `AnyHashableSendable` is kept as it is, not wrapped twice.
  @_disfavoredOverload
  public init(_ base: any Hashable & Sendable) {
    self.init(base)
  }

  /// Erases `base`; an `AnyHashableSendable` is kept as it is, not wrapped twice.
  public init(_ base: some Hashable & Sendable) {
    if let base = base as? AnyHashableSendable {
      self = base
    } else {
      self.base = base
    }
  }

  /// Equal when the values are, as `AnyHashable` compares them.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  /// Hashes the value.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(base)
  }
}

extension AnyHashableSendable: CustomStringConvertible, CustomDebugStringConvertible {
  /// The value's own description.
  public var description: String { String(describing: base) }

  /// `AnyHashableSendable(` and the value as code `)`.
  public var debugDescription: String { "AnyHashableSendable(" + String(reflecting: base) + ")" }
}

extension AnyHashableSendable: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral
{
  /// `true` as an id.
  public init(booleanLiteral value: Bool) { self.init(value) }
  /// `1` as an id.
  public init(integerLiteral value: Int) { self.init(value) }
  /// `1.5` as an id.
  public init(floatLiteral value: Double) { self.init(value) }
  /// `"a"` as an id.
  public init(stringLiteral value: String) { self.init(value) }
}
