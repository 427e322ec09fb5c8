import CoreDependencies

extension Reducer where State: CasePathable, Action: CasePathable {
  /// Runs `child` for its actions while the state is in one case of an enum, and cancels the
  /// child's work when the state leaves that case (TCA's `ifCaseLet`). The child runs before
  /// this reducer, as with `ifLet`.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifCaseLet(\.loggedIn, action: \.loggedIn) { Home() }
  ///   .ifCaseLet(\.loggedOut, action: \.loggedOut) { Login() }
  /// ```
  public func ifCaseLet<CaseState, CaseAction, Child: Reducer>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Child
  ) -> CaseChildReducer<Self, Child>
  where Child.State == CaseState, Child.Action == CaseAction {
    CaseChildReducer(
      parent: self,
      toCaseState: CasePath(toCaseState),
      toCaseAction: CasePath(toCaseAction),
      scope: .optional(EffectID(uncheckedKey: toCaseState)),
      child: child(),
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// A parent reducer with a child that runs while the state is in one case; made by
/// ``Reducer/ifCaseLet(_:action:fileID:filePath:line:column:then:)``.
public struct CaseChildReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let toCaseState: CasePath<Parent.State, Child.State>
  let toCaseAction: CasePath<Parent.Action, Child.Action>
  let scope: EffectOwner
  let child: Child
  let location: IssueLocation

  /// Runs the child (when the state is in its case) and the parent; cancels the child's work
  /// when the state leaves the case.
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    let wasInCase = toCaseState.extract(from: state) != nil
    var effect = Effect<Parent.Action>.none
    if let childAction = toCaseAction.extract(from: action) {
      if var childState = toCaseState.extract(from: state) {
        let toCaseAction = self.toCaseAction
        let toCaseState = self.toCaseState
        effect =
          child
          .reduce(into: &childState, action: childAction)
          .map { toCaseAction.embed($0) }
          .owned(
            by: { (parent: Parent.State) in toCaseState.extract(from: parent) }, isScreen: true
          )
          .scoped(to: scope)
        state = toCaseState.embed(childState)
      } else {
        reportIssue(
          "An action was sent to a case the state is not in; ignored: \(childAction)",
          at: location)
      }
    }
    effect = effect.merge(with: parent.reduce(into: &state, action: action))
    guard wasInCase, toCaseState.extract(from: state) == nil else { return effect }
    return effect.merge(with: .cancel(screens: [scope]))
  }
}
