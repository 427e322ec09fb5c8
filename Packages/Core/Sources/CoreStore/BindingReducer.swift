/// Applies binding actions to the state: each `.binding(.set(\.field, value))` writes the
/// field (TCA's `BindingReducer`). Put it first in `body`, so the reducers after it see the new
/// value; react to a field with `case .binding(\.field):` or ``Reducer/onChange(of:_:)``.
public struct BindingReducer<State, Action>: Reducer {
  /// The binding action an action carries, if any.
  private let toBinding: (Action) -> BindingAction<State>?

  /// A reducer that applies the binding actions of a `BindableAction` enum.
  public init() where Action: BindableAction, Action.State == State {
    toBinding = { $0.binding }
  }

  /// A reducer that applies the binding actions of the case `toViewAction` names, when the
  /// bindings live on a nested enum (TCA's `BindingReducer(action: \.view)`).
  ///
  /// ```swift
  /// BindingReducer(action: \.view)
  /// ```
  public init<ViewAction: BindableAction>(
    action toViewAction: CaseKeyPath<Action, ViewAction>
  ) where ViewAction.State == State, Action: CasePathable {
    let viewAction = CasePath(toViewAction)
    toBinding = { viewAction.extract(from: $0)?.binding }
  }

  /// Writes the field a binding action sets; ignores other actions.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    toBinding(action)?.set(&state)
    return .none
  }
}
