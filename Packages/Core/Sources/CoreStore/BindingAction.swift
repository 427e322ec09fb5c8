/// An action that sets one field of a feature's state: what a form control sends (TCA's
/// `BindingAction`). Made with ``set(_:_:)``; matched in a reducer with `case .binding(\.name):`
/// to react to that field.
///
/// ```swift
/// store.send(.binding(.set(\.name, "Ann")))  // or store.send(.set(\.name, "Ann"))
/// ```
public struct BindingAction<Root>: Equatable, @unchecked Sendable, CustomStringConvertible,
  CustomReflectable
{
  // Unchecked: a key path and a value that is `Sendable` are all it holds; the closures only
  // write through that key path.
  /// The field this action sets.
  public let keyPath: PartialKeyPath<Root>
  /// The value it sets.
  public let value: any Sendable
  private let write: (inout Root) -> Void
  private let isEqualValue: (any Sendable) -> Bool

  /// Sets the field at `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value>, _ value: Value
  ) -> Self {
    Self(
      keyPath: keyPath, value: value, write: { $0[keyPath: keyPath] = value },
      isEqualValue: { ($0 as? Value) == value })
  }

  /// Writes the value into `root`.
  public func set(_ root: inout Root) {
    write(&root)
  }

  /// Matches a binding action by the field it sets: `case .binding(\.name):`.
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, action: Self) -> Bool {
    keyPath == action.keyPath
  }

  /// Equal when they set the same field to equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.isEqualValue(rhs.value)
  }

  /// `.set(\State.name, "Ann")`.
  public var description: String {
    ".set(\(keyPath), \(String(reflecting: value)))"
  }

  /// Shown in test failures and traces as the call that made it: `.set(\State.name, "Ann")`.
  public var customMirror: Mirror {
    Mirror(self, children: [("set", (keyPath, value))], displayStyle: .enum)
  }
}

extension CasePath {
  /// The binding action that sets one field, as a case path: `\.binding.title`, so a test
  /// writes `await store.send(\.binding.title, "Morning")` as in TCA.
  public subscript<State, Member: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Member>
  ) -> CasePath<Root, Member> where Value == BindingAction<State> {
    let binding = self
    nonisolated(unsafe) let field = keyPath
    return CasePath<Root, Member>(
      { binding.embed(.set(field, $0)) },
      extract: { root in
        guard let action = binding.extract(from: root), action.keyPath == field else { return nil }
        return action.value as? Member
      })
  }
}
