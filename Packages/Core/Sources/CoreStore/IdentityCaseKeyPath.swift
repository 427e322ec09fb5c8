import CoreDependencies

// The identity case key path, `\.self`, where TCA takes a case key path of a child's actions:
// `.ifLet(\.value, action: \.self) { Child() }` runs a child whose actions are the parent's
// own. In swift-case-paths `\.self` is a key path from `Case<Action>` to itself; here a case
// key path ends in a `CasePath`, which `\.self` cannot name, so these overloads take the key
// path from `AllCasePaths` to itself and use ``CasePath/identity``.

/// The key path `\.self` written where a ``CaseKeyPath`` of an enum's own actions is taken.
public typealias IdentityCaseKeyPath<Root: CasePathable> = KeyPath<
  Root.AllCasePaths, Root.AllCasePaths
>

extension CasePath where Value == Root {
  /// Every value of `Root` as itself: what `\.self` names as a case path.
  public static var identity: CasePath<Root, Root> {
    CasePath({ $0 }, extract: { $0 })
  }
}

extension Reducer where Action: CasePathable {
  /// Runs an optional child whose actions are this reducer's own, as TCA's
  /// `.ifLet(\.value, action: \.self) { Child() }`.
  public func ifLet<ChildState, Child: Reducer>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action toChildAction: IdentityCaseKeyPath<Action>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<ChildState, Action> then child: () -> Child
  ) -> OptionalChildReducer<Self, Child>
  where Child.State == ChildState, Child.Action == Action {
    ifLet(
      toChild, action: .identity, fileID: fileID, filePath: filePath, line: line,
      column: column, then: child)
  }
}

extension Scope where ParentAction: CasePathable {
  /// Scopes to a stored property, with the child's actions the parent's own:
  /// `Scope(state: \.settings, action: \.self) { Settings() }`.
  public init<ChildState>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: IdentityCaseKeyPath<ParentAction>,
    @ReducerBuilder<ChildState, ParentAction> child: () -> Child
  ) where Child.State == ChildState, Child.Action == ParentAction {
    self.init(state: state, action: .identity, child: child)
  }

  /// `Scope(\.settings, action: \.self) { Settings() }`: the state key path unlabeled.
  public init<ChildState>(
    _ state: WritableKeyPath<ParentState, ChildState>,
    action: IdentityCaseKeyPath<ParentAction>,
    @ReducerBuilder<ChildState, ParentAction> child: () -> Child
  ) where Child.State == ChildState, Child.Action == ParentAction {
    self.init(state: state, action: .identity, child: child)
  }
}

extension Store where Action: CasePathable {
  /// A store of part of the state with the same actions: `store.scope(state: \.id,
  /// action: \.self)`.
  public func scope<ChildState>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: IdentityCaseKeyPath<Action>
  ) -> Store<ChildState, Action> {
    scope(state: toChildState, action: .identity)
  }

  /// `store.scope(\.id, action: \.self)`: the state key path unlabeled, as TCA's newer
  /// releases spell it.
  public func scope<ChildState>(
    _ toChildState: KeyPath<State, ChildState>,
    action toChildAction: IdentityCaseKeyPath<Action>
  ) -> Store<ChildState, Action> {
    scope(state: toChildState, action: .identity)
  }

  /// `store.scope(\.value, action: \.self)` for a part that may be absent, unlabeled; nil
  /// while it is absent.
  public func scope<ChildState>(
    _ toChildState: KeyPath<State, ChildState?>,
    action toChildAction: IdentityCaseKeyPath<Action>
  ) -> Store<ChildState, Action>? {
    scope(state: { $0[keyPath: toChildState] }, action: .identity)
  }

  /// A store of an optional part of the state with the same actions; nil while it is absent.
  public func scope<ChildState>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: IdentityCaseKeyPath<Action>
  ) -> Store<ChildState, Action>? {
    scope(state: { $0[keyPath: toChildState] }, action: .identity)
  }
}
