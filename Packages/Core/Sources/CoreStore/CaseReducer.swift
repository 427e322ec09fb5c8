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
/// case; an enum that declares its own `static var body` keeps it), their case paths, and
/// `store.case` over a `CaseScope`. The enum is a `Reducer` too, as TCA's is, so
/// `StackActionOf<Path>` and `ReducerOf<Destination>` name it.
public protocol CaseReducer<State, Action>: Reducer
where State: CaseReducerState, State.StateReducer == Self, Body: Reducer<State, Action> {
  // Restated so the types are inferred from the enum's static `body` (as TCA's protocol
  // does), not from `Reducer`'s default instance `body`.
  associatedtype State = State
  associatedtype Action = Action
  associatedtype Body = Body

  /// Each case's reducer, on its case.
  @ReducerBuilder<State, Action>
  static var body: Body { get }
}

extension CaseReducer {
  /// The enum's ``body``, so the enum is a `Reducer` wherever one is asked for
  /// (`StackActionOf<Path>`, `some ReducerOf<Self>`), as TCA's enum reducers are. The enum has no
  /// values, so this is never read.
  public var body: Body { Self.body }
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
