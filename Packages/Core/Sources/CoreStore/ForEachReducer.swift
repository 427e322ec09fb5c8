import CoreDependencies

extension Reducer {
  /// Runs `element` for actions of the screens on a navigation stack, and keeps the stack's
  /// bookkeeping: pushes, pops, cancelling the work of popped screens, and giving each screen
  /// a `dismiss` that pops it.
  ///
  /// The element runs before this reducer for `.element` actions; this reducer runs before
  /// the stack changes for `.popFrom` and `.push`, so a router can see what is being popped.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in ... }
  ///     .forEach(\.path, action: .path) { Path() }
  /// }
  /// ```
  public func forEach<ElementState, ElementAction, Element: Reducer>(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: CasePath<Action, StackAction<ElementState, ElementAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> ForEachReducer<Self, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    ForEachReducer(
      parent: self,
      toStack: toStack,
      toStackAction: toStackAction,
      element: element(),
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// A parent reducer with a navigation stack of `Element` screens; made by `forEach`.
public struct ForEachReducer<Parent: Reducer, Element: Reducer>: Reducer {
  let parent: Parent
  let toStack: WritableKeyPath<Parent.State, StackState<Element.State>>
  let toStackAction: CasePath<Parent.Action, StackAction<Element.State, Element.Action>>
  let element: Element
  let location: IssueLocation

  /// Runs the element and the parent, then cancels the work of every popped screen.
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    let idsBefore = readInPlace(&state, toStack) { $0.ids }
    let effect: Effect<Parent.Action>
    switch toStackAction.extract(from: action) {
    case .element(let id, let elementAction):
      let elementEffect = reduceElement(id: id, action: elementAction, state: &state)
      effect = elementEffect.merge(with: parent.reduce(into: &state, action: action))
    case .popFrom(let id):
      // As TCA's: the parent may close the screens itself (a router that decides every pop);
      // only a screen that was not there to begin with is reported.
      let canPop = readInPlace(&state, toStack) { $0[id: id] != nil }
      effect = parent.reduce(into: &state, action: action)
      state[keyPath: toStack].pop(from: id)
      if !canPop {
        reportIssue(
          "popFrom(id: \(id)) was sent but no screen with that id is on the stack; ignored",
          at: location)
      }
    case .push(let id, let elementState):
      effect = parent.reduce(into: &state, action: action)
      push(elementState, id: id, into: &state)
    case nil:
      effect = parent.reduce(into: &state, action: action)
    }
    let idsAfterList = readInPlace(&state, toStack) { $0.ids }
    // Unchanged arrays share storage, so this is the cheap common case.
    guard idsAfterList != idsBefore else { return effect }
    let idsAfter = Set(idsAfterList)
    let removed = idsBefore.filter { !idsAfter.contains($0) }
    guard !removed.isEmpty else { return effect }
    return effect.merge(with: .cancel(screens: removed.map(EffectOwner.stackElement)))
  }

  /// Pushes under the id the action carries. An id already on the stack is reported and
  /// ignored; an id that is not the next one is reported and pushed (later ids continue after
  /// it), so a screen is never dropped without a word.
  private func push(_ element: Element.State, id: StackElementID, into state: inout Parent.State) {
    if state[keyPath: toStack][id: id] != nil {
      reportIssue(
        "push(id: \(id)) was sent but a screen with that id is already on the stack; ignored. "
          + "Push under the next id (the stackElementID dependency), or append instead",
        at: location)
      return
    }
    @Dependency(\.stackElementID) var nextID
    let expected = nextID.peek()
    if id != expected {
      reportIssue(
        "push(id: \(id)) was sent but the next stack id is \(expected); pushed anyway. "
          + "Take ids from the stackElementID dependency so they stay in push order",
        at: location)
    }
    state[keyPath: toStack].append(element, id: id)
  }

  private func reduceElement(
    id: StackElementID, action elementAction: Element.Action, state: inout Parent.State
  ) -> Effect<Parent.Action> {
    let childEffect = state[keyPath: toStack].modify(id: id) { elementState in
      element.reduce(into: &elementState, action: elementAction)
    }
    guard let childEffect else {
      reportIssue(
        """
        An action was sent to the screen \(id), which is not on the stack (was it popped?); \
        ignored: \(elementAction)
        """,
        at: location)
      return .none
    }
    if childEffect.steps.isEmpty { return .none }
    let embed = toStackAction
    let toStack = self.toStack
    return
      childEffect
      .map { embed.embed(.element(id: id, action: $0)) }
      .owned(by: { (parent: Parent.State) in parent[keyPath: toStack][id: id] }, isScreen: true)
      .scoped(to: .stackElement(id))
      .dismissing(with: embed.embed(.popFrom(id: id)))
  }
}
