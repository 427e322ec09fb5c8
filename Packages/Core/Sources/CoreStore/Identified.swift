/// A value with an identifier beside it, so a value that is not `Identifiable` can be: what
/// TCA's case studies hold in an `IdentifiedArray` (`Identified(uuid, id: \.self)`).
/// swift-identified-collections' type, which TCA re-exports, with its spellings: the value's
/// properties read and write through it (`row.count += 1`).
@dynamicMemberLookup
public struct Identified<ID: Hashable, Value>: Identifiable {
  /// The identifier.
  public let id: ID
  /// The value it identifies.
  public var value: Value

  /// `value` with `id` beside it.
  public init(_ value: Value, id: ID) {
    self.id = id
    self.value = value
  }

  /// `value` with the identifier `id` computes from it.
  public init(_ value: Value, id: (Value) -> ID) {
    self.init(value, id: id(value))
  }

  /// `value` with the identifier at `id` in it: `Identified(uuid, id: \.self)`.
  public init(_ value: Value, id: KeyPath<Value, ID>) {
    self.init(value, id: value[keyPath: id])
  }

  /// A property of the value, read and written through the wrapper.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Subject {
    get { value[keyPath: keyPath] }
    set { value[keyPath: keyPath] = newValue }
  }
}

extension Identified: Decodable where ID: Decodable, Value: Decodable {}

extension Identified: Encodable where ID: Encodable, Value: Encodable {}

extension Identified: Equatable where Value: Equatable {}

extension Identified: Hashable where Value: Hashable {}

extension Identified: Sendable where ID: Sendable, Value: Sendable {}
