import CoreStore

/// Hosts one feature on a navigation stack, so a feature's test can show that its `dismiss`
/// ends in a real `popFrom` and that popping it cancels its work, without the app's router.
///
/// ```swift
/// let store = TestStore(initialState: StackHost.State(Detail.State())) {
///   StackHost { Detail() }
/// }
/// await store.send(.path(.element(id: 0, action: .backTapped)))
/// await store.receive(.path(.popFrom(id: 0))) { $0.path.removeAll() }
/// ```
public struct StackHost<Element: Reducer & Sendable>: Reducer, Sendable
where Element.State: Equatable & Sendable {
  /// The stack, holding the hosted screens.
  public struct State: Equatable, Sendable {
    /// The screens, bottom first.
    public var path: StackState<Element.State>

    /// A stack with one screen (id 0 in a test store).
    public init(_ element: Element.State) {
      self.path = StackState([element])
    }
  }

  /// The stack's actions.
  public enum Action {
    /// An action of the stack.
    case path(StackAction<Element.State, Element.Action>)
  }

  private let element: Element

  /// A host for screens run by `element`.
  public init(element: () -> Element) {
    self.element = element()
  }

  /// The stack, run with `forEach`.
  public var body: some ReducerOf<Self> {
    EmptyReducer().forEach(\.path, action: Self.pathAction) { element }
  }

  private static var pathAction: CasePath<Action, StackAction<Element.State, Element.Action>> {
    CasePath(Action.path) { if case .path(let action) = $0 { action } else { nil } }
  }
}

extension StackHost.Action: Equatable where Element.Action: Equatable {}
extension StackHost.Action: Sendable where Element.Action: Sendable, Element.State: Sendable {}
