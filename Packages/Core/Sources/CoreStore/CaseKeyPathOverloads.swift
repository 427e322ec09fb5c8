import CoreDependencies

// The navigation reducers and `Store.scope` with actions named by case key paths, as TCA
// spells them: `.ifLet(\.$destination, action: \.destination)`. Each forwards to the form that
// takes a `CasePath`.

extension Reducer where Action: CasePathable {
  /// Presents a destination, as the `ifLet` that takes a `CasePath` does, with the action
  /// named by a case key path: `.ifLet(\.$destination, action: \.destination)`.
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toPresentation: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<ChildState, ChildAction> destination: () -> Child
  ) -> PresentationReducer<Self, Child>
  where Child.State == ChildState, Child.Action == ChildAction {
    ifLet(
      toPresentation, action: CasePath(toPresentationAction), fileID: fileID,
      filePath: filePath, line: line, column: column, destination: destination)
  }

  /// Presents an alert or a dialog, as the `ifLet` that takes a `CasePath` does, with the
  /// action named by a case key path: `.ifLet(\.$alert, action: \.alert)`.
  public func ifLet<ChildState: EphemeralState, ChildAction>(
    _ toPresentation: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<Self, EmptyReducer<ChildState, ChildAction>> {
    ifLet(
      toPresentation, action: CasePath(toPresentationAction), fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Runs an optional child, as the `ifLet` that takes a `CasePath` does, with the action
  /// named by a case key path: `.ifLet(\.timer, action: \.timer)`.
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> OptionalChildReducer<Self, Child>
  where Child.State == ChildState, Child.Action == ChildAction {
    ifLet(
      toChild, action: CasePath(toChildAction), fileID: fileID, filePath: filePath,
      line: line, column: column, then: child)
  }

  /// Shows an alert or a dialog held as a plain optional, as the `ifLet` that takes a
  /// `CasePath` does, with the action named by a case key path: `.ifLet(\.alert, action:
  /// \.alert)`.
  public func ifLet<ChildState: EphemeralState, ChildAction>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> OptionalChildReducer<Self, EmptyReducer<ChildState, ChildAction>> {
    ifLet(
      toChild, action: CasePath(toChildAction), fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// Runs a navigation stack, as the `forEach` that takes a `CasePath` does, with the action
  /// named by a case key path: `.forEach(\.path, action: \.path) { Path() }`.
  public func forEach<ElementState, ElementAction, Element: Reducer>(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> ForEachReducer<Self, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    forEach(
      toStack, action: CasePath(toStackAction), fileID: fileID, filePath: filePath,
      line: line, column: column, element: element)
  }

  /// Rows of an identified array run by `forEach`, with a case key path:
  /// `.forEach(\.rows, action: \.rows) { Row() }`.
  public func forEach<ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ElementState.ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ElementState.ID, ElementAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> IdentifiedForEachReducer<Self, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    forEach(
      toElements, action: CasePath(toElementAction), fileID: fileID, filePath: filePath,
      line: line, column: column, element: element)
  }
}

extension Store where Action: CasePathable {
  /// A store for a child that is always there, with the action named by a case key path:
  /// `store.scope(state: \.counter, action: \.counter)`.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    scope(state: toChildState, action: CasePath(toChildAction))
  }

  /// A store for a child that may be absent, with a case key path:
  /// `store.scope(state: \.destination?.edit, action: \.destination.edit)`; nil while it
  /// is absent.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    scope(state: { $0[keyPath: toChildState] }, action: CasePath(toChildAction))
  }

  /// `store.scope(\.counter, action: \.counter)`: the state key path unlabeled, as TCA's
  /// newer releases spell it.
  public func scope<ChildState, ChildAction>(
    _ toChildState: KeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    scope(state: toChildState, action: CasePath(toChildAction))
  }

  /// `store.scope(\.detail, action: \.detail)` for a child that may be absent, unlabeled as
  /// TCA's newer releases spell it; nil while it is absent.
  public func scope<ChildState, ChildAction>(
    _ toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    scope(state: { $0[keyPath: toChildState] }, action: CasePath(toChildAction))
  }

  /// A store per row of an identified array, in its order, each sending its row's actions:
  /// `ForEach(store.scope(\.rows, action: \.rows)) { RowView(store: $0) }` in a SwiftUI view,
  /// `for row in store.scope(\.rows, action: \.rows)` in a text one. A row removed later keeps
  /// its store showing its last state; its actions are then reported by `forEach`.
  public func scope<ID, ElementState, ElementAction>(
    _ toRows: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toRowAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>
  ) -> [Store<ElementState, ElementAction>] {
    let rows = CasePath(toRowAction)
    return state[keyPath: toRows].ids.compactMap { id in
      scope(state: { $0[keyPath: toRows][id: id] }, action: .element(id, of: rows))
    }
  }

  /// A store for a child that may be absent, found by a closure, with a case key path.
  public func scope<ChildState, ChildAction>(
    state toChildState: @escaping @MainActor (State) -> ChildState?,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    scope(state: toChildState, action: CasePath(toChildAction))
  }
}

extension StackState where Element: CasePathable {
  /// One case of the element with this id, named by a case key path:
  /// `$0.path[id: 0, case: \.counter]?.count = 1`.
  public subscript<Case>(id id: StackElementID, case keyPath: CaseKeyPath<Element, Case>) -> Case? {
    get { self[id: id, case: CasePath(keyPath)] }
    set { self[id: id, case: CasePath(keyPath)] = newValue }
  }
}

extension PresentationState where State: CasePathable {
  /// One case of the presented destination, named by a case key path:
  /// `$0.$destination[case: \.edit]?.draft.name = "Milk"`.
  public subscript<Case>(case keyPath: CaseKeyPath<State, Case>) -> Case? {
    get { self[case: CasePath(keyPath)] }
    set { self[case: CasePath(keyPath)] = newValue }
  }
}
