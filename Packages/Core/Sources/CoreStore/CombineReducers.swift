/// Groups reducers so a modifier (`.ifLet`, `.debug`) applies to all of them together.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.counter, action: .counter) { CounterFeature() }
///   Reduce { state, action in .none }
/// }
/// .debug(to: { print($0) })
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
  private let reducers: Reducers

  /// Runs the reducers of the block top to bottom.
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  /// Runs the grouped reducers.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}
