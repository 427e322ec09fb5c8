import CoreDependencies

extension Reducer {
  /// Runs `element` for the actions of each element of a list of child features, and cancels
  /// the work of every element that leaves the list, however it left.
  ///
  /// The element runs before this reducer for its actions, so the parent sees the element's
  /// new state. An action for an id that is not in the list is reported and ignored.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in ... }
  ///     .forEach(\.rows, action: .rows) { RowFeature() }
  /// }
  /// ```
  public func forEach<ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ElementState.ID, ElementState>>,
    action toElementAction: CasePath<Action, IdentifiedAction<ElementState.ID, ElementAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> IdentifiedForEachReducer<Self, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    IdentifiedForEachReducer(
      parent: self,
      toElements: toElements,
      toElementAction: toElementAction,
      element: element(),
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// A parent reducer with a list of child features; made by `forEach` over an
/// ``IdentifiedArray``.
public struct IdentifiedForEachReducer<Parent: Reducer, Element: Reducer>: Reducer
where Element.State: Identifiable, Element.State.ID: Sendable {
  typealias ID = Element.State.ID

  let parent: Parent
  let toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  let toElementAction: CasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  let element: Element
  let location: IssueLocation

  /// Runs the element (for its actions) and the parent, then cancels the work of every
  /// element that left the list.
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    let idsBefore = readInPlace(&state, toElements) { $0.ids }
    var effect = Effect<Parent.Action>.none
    if case .element(let id, let elementAction) = toElementAction.extract(from: action) {
      effect = reduceElement(id: id, action: elementAction, state: &state)
    }
    effect = effect.merge(with: parent.reduce(into: &state, action: action))
    let idsAfter = readInPlace(&state, toElements) { $0.ids }
    // Unchanged arrays share storage, so this is the cheap common case.
    guard idsAfter != idsBefore else { return effect }
    let remaining = Set(idsAfter)
    let removed = idsBefore.filter { !remaining.contains($0) }
    guard !removed.isEmpty else { return effect }
    return effect.merge(with: .cancel(screens: removed.map(scope(of:))))
  }

  private func reduceElement(
    id: ID, action elementAction: Element.Action, state: inout Parent.State
  ) -> Effect<Parent.Action> {
    let reduced = state[keyPath: toElements].modify(id: id) { elementState in
      element.reduce(into: &elementState, action: elementAction)
    }
    guard let elementEffect = reduced else {
      reportIssue(
        "An action was sent to the element \(id), which is not in the list (was it removed?); "
          + "ignored: \(elementAction)",
        at: location)
      return .none
    }
    if elementEffect.steps.isEmpty { return .none }
    let embed = toElementAction
    let toElements = self.toElements
    return
      elementEffect
      .map { embed.embed(.element(id: id, action: $0)) }
      .owned(by: { (parent: Parent.State) in parent[keyPath: toElements][id: id] }, isScreen: true)
      .scoped(to: scope(of: id))
  }

  /// The element's scope: its id within this list, so equal ids in two lists stay apart.
  private func scope(of id: ID) -> EffectOwner {
    .listElement(list: EffectID(uncheckedKey: toElements), id: EffectID(id))
  }
}
