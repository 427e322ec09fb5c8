/// What can happen to a navigation stack: a screen on it acts, the screens from one upwards
/// are popped, or a screen is pushed under a given id.
///
/// ```swift
/// enum Action {
///   case path(StackActionOf<Path>)
/// }
/// // A Fuga screen at id 1 went back:
/// store.send(.path(.popFrom(id: 1)))
/// ```
public enum StackAction<State, Action> {
  /// An action of the screen with this id.
  case element(id: StackElementID, action: Action)
  /// Pops the screen with this id and everything above it.
  case popFrom(id: StackElementID)
  /// Pushes a screen under this id.
  case push(id: StackElementID, state: State)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}

/// The stack action of a reducer's state and action: `StackActionOf<Path>`.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>
