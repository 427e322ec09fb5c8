/// An action enum whose view's actions are one case of their own, `case view(View)`, as TCA's
/// `ViewAction` has it: the view sends only `.view(…)`, and the reducer sees at a glance which
/// actions come from the screen. With bindings on the nested enum, `BindingReducer(action:
/// \.view)` applies them.
///
/// ```swift
/// enum Action: ViewAction, CasePathable {
///   case view(View)
///   case loginResponse(Result<String, any Error>)
///
///   enum View: BindableAction, CasePathable {
///     case binding(BindingAction<State>)
///     case loginButtonTapped
///   }
/// }
/// ```
public protocol ViewAction<ViewAction> {
  /// The actions the view sends.
  associatedtype ViewAction

  /// The case that carries a view action.
  static func view(_ action: ViewAction) -> Self
}
