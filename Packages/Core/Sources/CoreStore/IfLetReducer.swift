import CoreDependencies

extension Reducer {
  /// Runs `destination` for actions of a presented child, dismisses it on `.dismiss`, cancels
  /// its work when it goes away, and gives it a `dismiss` that sends `.dismiss`.
  ///
  /// The child runs before this reducer for `.presented` actions; this reducer runs before
  /// the child is removed for `.dismiss`.
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .ifLet(\.$destination, action: .destination) { Destination() }
  /// ```
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toPresentation: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: CasePath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<ChildState, ChildAction> destination: () -> Child
  ) -> PresentationReducer<Self, Child>
  where Child.State == ChildState, Child.Action == ChildAction {
    PresentationReducer(
      parent: self,
      toPresentation: toPresentation,
      toPresentationAction: toPresentationAction,
      child: destination(),
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Presents an alert or a confirmation dialog (state with no reducer of its own): a button's
  /// action reaches this reducer after the presentation has closed itself.
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .ifLet(\.$alert, action: .alert)
  /// ```
  public func ifLet<ChildState: EphemeralState, ChildAction>(
    _ toPresentation: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: CasePath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<Self, EmptyReducer<ChildState, ChildAction>> {
    PresentationReducer(
      parent: self,
      toPresentation: toPresentation,
      toPresentationAction: toPresentationAction,
      child: EmptyReducer(),
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Runs `child` for its actions while its optional state is there, and cancels its work
  /// when the state becomes nil.
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .ifLet(\.timer, action: .timer) { TimerFeature() }
  /// ```
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> OptionalChildReducer<Self, Child>
  where Child.State == ChildState, Child.Action == ChildAction {
    OptionalChildReducer(
      parent: self,
      toChild: toChild,
      toChildAction: toChildAction,
      child: child(),
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Shows an alert or a dialog held as a plain optional, as TCA's `ifLet` on an
  /// `_EphemeralState`: a button's action reaches this reducer, and then the alert closes,
  /// unless this reducer showed another one in answer.
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .ifLet(\.alert, action: .alert)
  /// ```
  public func ifLet<ChildState: EphemeralState, ChildAction>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> OptionalChildReducer<Self, EmptyReducer<ChildState, ChildAction>> {
    OptionalChildReducer(
      parent: self,
      toChild: toChild,
      toChildAction: toChildAction,
      child: EmptyReducer(),
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// A parent reducer with a presented child; made by `ifLet(\.$destination, ...)`.
public struct PresentationReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let toPresentation: WritableKeyPath<Parent.State, PresentationState<Child.State>>
  let toPresentationAction: CasePath<Parent.Action, PresentationAction<Child.Action>>
  let child: Child
  let location: IssueLocation

  /// Runs the child and the parent, then cancels the work of a child that went away.
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    let identityBefore = presentedIdentity(in: &state)
    var effect: Effect<Parent.Action>
    switch toPresentationAction.extract(from: action) {
    case .presented(let childAction):
      let wasEphemeral = readInPlace(&state, toPresentation) {
        $0.wrappedValue.map(isEphemeral) ?? false
      }
      effect = reduceChild(action: childAction, state: &state)
      effect = effect.merge(with: parent.reduce(into: &state, action: action))
      // An alert or a dialog closes once one of its buttons is chosen, unless the parent
      // presented something else in answer.
      if wasEphemeral, presentedIdentity(in: &state) == identityBefore {
        state[keyPath: toPresentation].wrappedValue = nil
      }
    case .dismiss:
      if identityBefore == nil {
        reportIssue(
          "A .dismiss action was sent while nothing is presented; nothing was dismissed "
            + "(was it dismissed twice, or sent before presenting?)",
          at: location)
      }
      effect = parent.reduce(into: &state, action: action)
      if identityBefore != nil, presentedIdentity(in: &state) == identityBefore {
        state[keyPath: toPresentation].wrappedValue = nil
      }
    case nil:
      effect = parent.reduce(into: &state, action: action)
    }
    guard let identityBefore, presentedIdentity(in: &state) != identityBefore else {
      return effect
    }
    return effect.merge(with: .cancel(screens: [.presentation(identityBefore)]))
  }

  /// The identity of what is presented now, nil when nothing is.
  private func presentedIdentity(in state: inout Parent.State) -> Int? {
    readInPlace(&state, toPresentation) { $0.identity }
  }

  private func reduceChild(
    action childAction: Child.Action, state: inout Parent.State
  ) -> Effect<Parent.Action> {
    guard let identity = presentedIdentity(in: &state) else {
      reportIssue(
        "An action was sent to a presented child that is not presented (was it dismissed?); "
          + "ignored: \(childAction)",
        at: location)
      return .none
    }
    var childEffect = Effect<Child.Action>.none
    state[keyPath: toPresentation].modifyPresented { childState in
      childEffect = child.reduce(into: &childState, action: childAction)
    }
    if childEffect.steps.isEmpty { return .none }
    let embed = toPresentationAction
    let toPresentation = self.toPresentation
    return
      childEffect
      .map { embed.embed(.presented($0)) }
      .owned(
        by: { (parent: Parent.State) -> Child.State? in
          let presentation = parent[keyPath: toPresentation]
          return presentation.identity == identity ? presentation.wrappedValue : nil
        },
        isScreen: true
      )
      .scoped(to: .presentation(identity))
      .dismissing(with: embed.embed(.dismiss))
  }
}

/// A parent reducer with an optional child; made by `ifLet(\.child, ...)`.
public struct OptionalChildReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let toChild: WritableKeyPath<Parent.State, Child.State?>
  let toChildAction: CasePath<Parent.Action, Child.Action>
  let child: Child
  let location: IssueLocation

  /// Runs the child (when present) and the parent; cancels the child's work when it goes.
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    let wasPresent = readInPlace(&state, toChild) { $0 != nil }
    var effect = Effect<Parent.Action>.none
    let childAction = toChildAction.extract(from: action)
    if let childAction {
      if wasPresent {
        let embed = toChildAction
        let toChild = self.toChild
        effect =
          child
          .reduce(into: &state[keyPath: toChild]!, action: childAction)
          .map { embed.embed($0) }
          .owned(by: { (parent: Parent.State) in parent[keyPath: toChild] }, isScreen: true)
          .scoped(to: childScope)
      } else {
        reportIssue(
          "An action was sent to an optional child that is nil; ignored: \(childAction)",
          at: location)
      }
    }
    let ephemeralBefore = childAction == nil ? nil : ephemeralIdentity(in: &state)
    effect = effect.merge(with: parent.reduce(into: &state, action: action))
    // An alert or a dialog closes once one of its buttons is chosen, unless the parent showed
    // another in answer (a new one has a new id, however alike).
    if let ephemeralBefore, ephemeralIdentity(in: &state) == ephemeralBefore {
      state[keyPath: toChild] = nil
    }
    guard wasPresent, readInPlace(&state, toChild, { $0 == nil }) else { return effect }
    return effect.merge(with: .cancel(screens: [childScope]))
  }

  /// Which alert or dialog the child's state shows; nil when it is absent or shows none.
  private func ephemeralIdentity(in state: inout Parent.State) -> AnyHashable? {
    readInPlace(&state, toChild) { $0.flatMap(ephemeralPresentation(of:)) }
  }

  /// The screen the child's effects run in; made only when needed (it boxes a key path).
  private var childScope: EffectOwner {
    .optional(EffectID(uncheckedKey: toChild))
  }
}
