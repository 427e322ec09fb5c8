/// A reducer made from a closure: the place for a feature's own logic inside a `body`.
///
/// ```swift
/// Reduce { state, action in
///   switch action {
///   case .nameChanged(let name):
///     state.name = name
///     return .none
///   }
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
  private let reduce: (inout State, Action) -> Effect<Action>

  /// Makes a reducer from a closure.
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// Wraps another reducer, erasing its type.
  public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.reduce = reducer.reduce(into:action:)
  }

  /// Calls the closure.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(&state, action)
  }
}
