/// A reducer that does nothing: a placeholder, or the default of an empty builder block.
///
/// ```swift
/// var body: some ReducerOf<Self> { EmptyReducer() }
/// ```
public struct EmptyReducer<State, Action>: Reducer {
  /// A reducer that does nothing.
  public init() {}

  /// Returns `.none` and leaves the state alone.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}
