/// How to put a value into one case of an enum and how to get it back out.
///
/// Switchyard uses no macros: an enum that conforms to `CasePathable` gets a case path per case
/// written by `make generate` into its `*.generated.swift` file, so call sites read as TCA's:
/// `Scope(state: \.counter, action: \.counter)`. One can also be made by hand:
///
/// ```swift
/// let counter = CasePath<Parent.Action, Counter.Action>(Parent.Action.counter) {
///   if case .counter(let action) = $0 { action } else { nil }
/// }
/// ```
@dynamicMemberLookup
public struct CasePath<Root, Value>: Sendable {
  private let _embed: @Sendable (Value) -> Root
  private let _extract: @Sendable (Root) -> Value?

  /// Makes a case path from the case's constructor and a pattern match.
  public init(
    _ embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self._embed = embed
    self._extract = extract
  }

  /// Wraps a value in the case.
  public func embed(_ value: Value) -> Root { _embed(value) }

  /// The case's value, or nil when `root` is another case.
  public func extract(from root: Root) -> Value? { _extract(root) }

  /// Changes the case's value in place; does nothing when `root` is another case.
  /// Returns whether it was this case.
  @discardableResult
  public func modify(_ root: inout Root, _ body: (inout Value) throws -> Void) rethrows -> Bool {
    guard var value = _extract(root) else { return false }
    try body(&value)
    root = _embed(value)
    return true
  }

  /// Chains two case paths: `.path` then `.element`, and so on.
  public func appending<Next>(_ next: CasePath<Value, Next>) -> CasePath<Root, Next> {
    CasePath<Root, Next>(
      { self.embed(next.embed($0)) },
      extract: { self.extract(from: $0).flatMap(next.extract(from:)) })
  }
}
