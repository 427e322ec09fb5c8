/// An action enum with a case for binding actions, `case binding(BindingAction<State>)`, so a
/// form's fields need no action each (TCA's `BindableAction`). An enum that conforms to
/// `CasePathable` gets the `binding` property from `make generate`; others write it.
///
/// ```swift
/// enum Action: BindableAction, CasePathable {
///   case binding(BindingAction<State>)
///   case saveTapped
/// }
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in … }
/// }
/// ```
public protocol BindableAction {
  /// The state the binding actions set.
  associatedtype State

  /// The case that carries a binding action.
  static func binding(_ action: BindingAction<State>) -> Self

  /// The binding action, when this is one.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// The binding action that sets the field at `keyPath` to `value`: `.set(\.name, "Ann")`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>, _ value: Value
  ) -> Self {
    binding(.set(keyPath, value))
  }
}
