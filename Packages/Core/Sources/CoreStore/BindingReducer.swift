/// Applies binding actions to the state: each `.binding(.set(\.field, value))` writes the
/// field (TCA's `BindingReducer`). Put it first in `body`, so the reducers after it see the new
/// value; react to a field with `case .binding(\.field):` or ``Reducer/onChange(of:_:)``.
public struct BindingReducer<State, Action: BindableAction & Sendable>: Reducer
where Action.State == State {
  /// A reducer that applies binding actions.
  public init() {}

  /// Writes the field a binding action sets; ignores other actions.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    action.binding?.set(&state)
    return .none
  }
}
