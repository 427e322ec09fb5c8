import CoreDependencies

/// Runs a child reducer on part of the parent's state, for the child's actions only.
///
/// The child's state is a property (a key path) or one case of an enum state (a case path).
/// The child's effects are mapped back into the parent's actions.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.counter, action: .counter) { CounterFeature() }
/// }
/// ```
public struct Scope<ParentState, ParentAction: Sendable, Child: Reducer>: Reducer {
  private enum StatePath {
    case keyPath(WritableKeyPath<ParentState, Child.State>)
    case casePath(CasePath<ParentState, Child.State>)

    /// Finds the child's state in the parent's, for the owner checks of the child's effects.
    var locate: (ParentState) -> Child.State? {
      switch self {
      case .keyPath(let keyPath): return { $0[keyPath: keyPath] }
      case .casePath(let casePath): return { casePath.extract(from: $0) }
      }
    }
  }

  private let statePath: StatePath
  private let actionPath: CasePath<ParentAction, Child.Action>
  private let child: Child
  private let location: IssueLocation

  /// Scopes to a stored property of the parent's state.
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: CasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where Child.State == ChildState, Child.Action == ChildAction {
    self.statePath = .keyPath(state)
    self.actionPath = action
    self.child = child()
    self.location = IssueLocation()
  }

  /// Scopes to one case of an enum state, as a `Path` or `Destination` reducer does.
  ///
  /// An action for this child that arrives while the state is another case is reported.
  public init<ChildState, ChildAction>(
    state: CasePath<ParentState, ChildState>,
    action: CasePath<ParentAction, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where Child.State == ChildState, Child.Action == ChildAction {
    self.statePath = .casePath(state)
    self.actionPath = action
    self.child = child()
    self.location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Runs the child when `action` is one of its actions.
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = actionPath.extract(from: action) else { return .none }
    let effect: Effect<Child.Action>
    switch statePath {
    case .keyPath(let keyPath):
      effect = child.reduce(into: &state[keyPath: keyPath], action: childAction)
    case .casePath(let casePath):
      var childEffect = Effect<Child.Action>.none
      let matched = casePath.modify(&state) { childState in
        childEffect = child.reduce(into: &childState, action: childAction)
      }
      guard matched else {
        reportIssue(
          "Scope received \(childAction) while the state was another case; the action was ignored",
          at: location)
        return .none
      }
      effect = childEffect
    }
    if effect.steps.isEmpty { return .none }
    let embed = actionPath
    return effect.map { embed.embed($0) }.owned(by: statePath.locate, isScreen: false)
  }
}
