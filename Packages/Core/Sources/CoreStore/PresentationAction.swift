/// What can happen to a presented child: it acts, or it is dismissed.
///
/// ```swift
/// enum Action {
///   case destination(PresentationAction<Destination.Action>)
/// }
/// store.send(.destination(.dismiss))
/// ```
public enum PresentationAction<Action> {
  /// An action of the presented child.
  case presented(Action)
  /// Dismisses the child (sets the presentation state to nil).
  case dismiss
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Sendable where Action: Sendable {}

extension CasePath {
  /// The `.presented` case of a presentation action, chained after this path:
  /// `.destination.presented`.
  public func presented<Child>() -> CasePath<Root, Child>
  where Value == PresentationAction<Child> {
    appending(
      CasePath<PresentationAction<Child>, Child>(PresentationAction.presented) {
        if case .presented(let action) = $0 { action } else { nil }
      })
  }
}
