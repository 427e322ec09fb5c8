/// An enum of reducers, one per case, whose `State`, `Action` and `body` are generated (TCA's
/// `@Reducer enum`): declare the cases once and `make generate` writes the rest, so a
/// destination needs no hand-written plumbing.
///
/// ```swift
/// extension ItemList {
///   public enum Destination: CaseReducer {
///     case detail(ItemDetail)
///     case edit(ItemEdit)
///     case alert(AlertState<Alert>)  // state with no reducer: its action is Alert
///   }
/// }
/// // in ItemList's body:
/// .ifLet(\.$destination, action: \.destination)
/// // in ItemListView:
/// switch destinationStore.case { case .detail(let store): … }
/// ```
///
/// The enum is never made: it names the cases. `make generate` writes `State` and `Action`
/// (each `CasePathable`, `Equatable` and `Sendable`), the static `body` (a `Scope` per reducer
/// case), their case paths, and `store.case` over a `CaseScope`.
public protocol CaseReducer {
  /// The state of whichever case is active.
  associatedtype State: CaseReducerState where State.StateReducer == Self
  /// The actions of the cases.
  associatedtype Action: Sendable
  /// The reducer that runs whichever case is active.
  associatedtype Body: Reducer<State, Action>

  /// Each case's reducer, on its case.
  @ReducerBuilder<State, Action>
  static var body: Body { get }
}

/// The generated `State` of a ``CaseReducer``: it knows its reducer, so `ifLet` and `forEach`
/// need no closure.
public protocol CaseReducerState {
  /// The enum of reducers this is the state of.
  associatedtype StateReducer: CaseReducer where StateReducer.State == Self
}

extension Reducer where Action: CasePathable {
  /// Presents the active case of a reducer enum: `.ifLet(\.$destination, action:
  /// \.destination)`, as TCA spells it for an `@Reducer enum`.
  public func ifLet<ChildState: CaseReducerState, ChildAction>(
    _ toPresentation: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<Self, ChildState.StateReducer.Body>
  where ChildState.StateReducer.Action == ChildAction {
    ifLet(
      toPresentation, action: CasePath(toPresentationAction), fileID: fileID,
      filePath: filePath, line: line, column: column
    ) {
      ChildState.StateReducer.body
    }
  }

  /// Runs a stack of reducer-enum screens: `.forEach(\.path, action: \.path)`, as TCA spells
  /// it for an `@Reducer enum Path`.
  public func forEach<ElementState: CaseReducerState, ElementAction>(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachReducer<Self, ElementState.StateReducer.Body>
  where ElementState.StateReducer.Action == ElementAction {
    forEach(
      toStack, action: CasePath(toStackAction), fileID: fileID, filePath: filePath,
      line: line, column: column
    ) {
      ElementState.StateReducer.body
    }
  }
}
