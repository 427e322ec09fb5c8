/// Builds a reducer from a list of reducers that run one after another, top to bottom.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.counter, action: .counter) { CounterFeature() }
///   Reduce { state, action in ... }
/// }
/// ```
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// One reducer.
  public static func buildExpression<R: Reducer>(_ reducer: consuming R) -> R
  where R.State == State, R.Action == Action {
    reducer
  }

  /// The first reducer of a block.
  public static func buildPartialBlock<R: Reducer>(first: consuming R) -> R
  where R.State == State, R.Action == Action {
    first
  }

  /// The reducers so far, followed by the next.
  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: consuming R0, next: consuming R1
  ) -> SequencedReducer<R0, R1>
  where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    SequencedReducer(first: accumulated, second: next)
  }

  /// An empty block.
  public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }

  /// `if` without `else`.
  public static func buildOptional<R: Reducer>(_ reducer: consuming R?) -> OptionalReducer<R>
  where R.State == State, R.Action == Action {
    OptionalReducer(wrapped: reducer)
  }

  /// The `if` side of `if`/`else`.
  public static func buildEither<First: Reducer, Second: Reducer>(
    first: consuming First
  ) -> EitherReducer<First, Second>
  where First.State == State, First.Action == Action {
    .first(first)
  }

  /// The `else` side of `if`/`else`.
  public static func buildEither<First: Reducer, Second: Reducer>(
    second: consuming Second
  ) -> EitherReducer<First, Second>
  where Second.State == State, Second.Action == Action {
    .second(second)
  }
}

/// Two reducers run in order; what `ReducerBuilder` makes of a block.
public struct SequencedReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  let first: First
  let second: Second

  /// Runs `first`, then `second`, and merges their effects.
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    let firstEffect = first.reduce(into: &state, action: action)
    let secondEffect = second.reduce(into: &state, action: action)
    return firstEffect.merge(with: secondEffect)
  }
}

/// A reducer that may be absent; what `ReducerBuilder` makes of an `if` without `else`.
public struct OptionalReducer<Wrapped: Reducer>: Reducer {
  let wrapped: Wrapped?

  /// Runs the wrapped reducer when there is one.
  public func reduce(
    into state: inout Wrapped.State, action: Wrapped.Action
  ) -> Effect<Wrapped.Action> {
    wrapped?.reduce(into: &state, action: action) ?? .none
  }
}

/// One of two reducers; what `ReducerBuilder` makes of `if`/`else`.
public enum EitherReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  /// The `if` branch.
  case first(First)
  /// The `else` branch.
  case second(Second)

  /// Runs whichever branch was taken.
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    switch self {
    case .first(let reducer): reducer.reduce(into: &state, action: action)
    case .second(let reducer): reducer.reduce(into: &state, action: action)
    }
  }
}
