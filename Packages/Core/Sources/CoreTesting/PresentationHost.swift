import CoreStore

/// Hosts one feature as a presented child, so a feature's test can show that its `dismiss`
/// ends in a real `.dismiss` and that dismissing it cancels its work.
///
/// ```swift
/// let store = TestStore(initialState: PresentationHost.State(List.State())) {
///   PresentationHost { List() }
/// }
/// await store.send(.child(.dismiss)) { $0.child = nil }
/// ```
public struct PresentationHost<Child: Reducer & Sendable>: Reducer, Sendable
where Child.State: Equatable & Sendable {
  /// The presentation, holding the hosted child.
  public struct State: Equatable, Sendable {
    /// The presented child, or nil once dismissed.
    @PresentationState public var child: Child.State?

    /// A host presenting `child`.
    public init(_ child: Child.State) {
      self.child = child
    }
  }

  /// The presentation's actions.
  public enum Action {
    /// An action of the presentation.
    case child(PresentationAction<Child.Action>)
  }

  private let child: Child

  /// A host for a child run by `child`.
  public init(child: () -> Child) {
    self.child = child()
  }

  /// The presentation, run with `ifLet`.
  public var body: some ReducerOf<Self> {
    EmptyReducer().ifLet(\.$child, action: Self.childAction) { child }
  }

  private static var childAction: CasePath<Action, PresentationAction<Child.Action>> {
    CasePath(Action.child) { if case .child(let action) = $0 { action } else { nil } }
  }
}

extension PresentationHost.Action: Equatable where Child.Action: Equatable {}
extension PresentationHost.Action: Sendable where Child.Action: Sendable {}
