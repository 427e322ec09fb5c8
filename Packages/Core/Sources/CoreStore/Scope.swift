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
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  /// The child's state as a property of the parent's; nil when it is a case of it.
  private let toChildState: WritableKeyPath<ParentState, Child.State>?
  /// The child's state as a case of the parent's enum state, and where the scope was written
  /// (for the report of an action that arrives while the state is another case). Boxed, so a
  /// scope of a property stays a few words long: a scope is built and dropped on every
  /// reduce of its parent's `body`.
  private let childCase: ChildCase?
  private let actionPath: CasePath<ParentAction, Child.Action>
  private let child: Child

  /// Scopes to a stored property of the parent's state.
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: CasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where Child.State == ChildState, Child.Action == ChildAction {
    self.toChildState = state
    self.childCase = nil
    self.actionPath = action
    self.child = child()
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
    self.toChildState = nil
    self.childCase = ChildCase(
      path: state,
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    self.actionPath = action
    self.child = child()
  }

  /// Scopes to a stored property, naming the child's actions by a case key path:
  /// `Scope(state: \.counter, action: \.counter) { CounterFeature() }`.
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where Child.State == ChildState, Child.Action == ChildAction, ParentAction: CasePathable {
    self.init(state: state, action: CasePath(action), child: child)
  }

  /// `Scope(\.child, action: \.child) { Child() }`: the state key path unlabeled, as TCA's
  /// newer releases spell it.
  public init<ChildState, ChildAction>(
    _ state: WritableKeyPath<ParentState, ChildState>,
    action: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where Child.State == ChildState, Child.Action == ChildAction, ParentAction: CasePathable {
    self.init(state: state, action: CasePath(action), child: child)
  }

  /// Scopes to one case of an enum state, both named by case key paths:
  /// `Scope(state: \.detail, action: \.detail) { DetailFeature() }`.
  public init<ChildState, ChildAction>(
    state: CaseKeyPath<ParentState, ChildState>,
    action: CaseKeyPath<ParentAction, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  )
  where
    Child.State == ChildState, Child.Action == ChildAction, ParentState: CasePathable,
    ParentAction: CasePathable
  {
    self.init(
      state: CasePath(state), action: CasePath(action), fileID: fileID, filePath: filePath,
      line: line, column: column, child: child)
  }

  /// Runs the child when `action` is one of its actions.
  ///
  /// Small, with the enum-case path split out, so the optimiser inlines it where the scope
  /// was built (the parent's `body`) and turns the key path into a field access (Lab/README.md,
  /// "Store benchmark", case (a)). Not forced with `@inline(__always)`: that cost the optimised
  /// builds of Core's tests about 10% more CPU for 5% fewer instructions in a store's send.
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = actionPath.extract(from: action) else { return .none }
    guard let toChildState else { return reduceCase(into: &state, childAction: childAction) }
    let effect = child.reduce(into: &state[keyPath: toChildState], action: childAction)
    if effect.isNone { return .none }
    return embed(effect)
  }

  /// The child's action while the child's state is a case of the parent's.
  private func reduceCase(into state: inout ParentState, childAction: Child.Action)
    -> Effect<ParentAction>
  {
    guard let childCase else { return .none }
    var childEffect = Effect<Child.Action>.none
    let matched = childCase.path.modify(&state) { childState in
      childEffect = child.reduce(into: &childState, action: childAction)
    }
    guard matched else {
      reportIssue(
        "Scope received \(childAction) while the state was another case; the action was ignored",
        at: childCase.location)
      return .none
    }
    if childEffect.isNone { return .none }
    return embed(childEffect)
  }

  /// The child's effect as the parent's, owned by the child's state.
  private func embed(_ effect: Effect<Child.Action>) -> Effect<ParentAction> {
    let embed = actionPath
    return effect.map { embed.embed($0) }.owned(by: locate, isScreen: false)
  }

  /// Finds the child's state in the parent's, for the owner checks of the child's effects.
  private var locate: (ParentState) -> Child.State? {
    if let toChildState {
      return { $0[keyPath: toChildState] }
    }
    let casePath = childCase?.path
    return { casePath?.extract(from: $0) }
  }

  /// Where a child's state is a case of its parent's enum state.
  private final class ChildCase: Sendable {
    let path: CasePath<ParentState, Child.State>
    /// Where the scope was written.
    let location: IssueLocation

    init(path: CasePath<ParentState, Child.State>, location: IssueLocation) {
      self.path = path
      self.location = location
    }
  }
}
