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
  /// The presentation actions of one case of a presented `Destination` enum, as the actions of
  /// a presentation of their own: what a view of that case (an alert, say) sends.
  ///
  /// ```swift
  /// store.scope(state: { $0.destination.flatMap(CasePath.alert.extract(from:)) },
  ///             action: .destination.presenting(.alert))
  /// ```
  public func presenting<Destination, Child>(
    _ child: CasePath<Destination, Child>
  ) -> CasePath<Root, PresentationAction<Child>>
  where Value == PresentationAction<Destination> {
    CasePath<Root, PresentationAction<Child>>(
      { action in
        switch action {
        case .presented(let childAction): self.embed(.presented(child.embed(childAction)))
        case .dismiss: self.embed(.dismiss)
        }
      },
      extract: { root in
        switch self.extract(from: root) {
        case .presented(let destination)?: child.extract(from: destination).map { .presented($0) }
        case .dismiss?: .dismiss
        case nil: nil
        }
      })
  }
}
