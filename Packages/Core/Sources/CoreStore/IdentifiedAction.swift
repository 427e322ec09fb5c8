/// An action of one element of a list of child features, addressed by the element's id.
///
/// ```swift
/// enum Action {
///   case rows(IdentifiedActionOf<RowFeature>)
/// }
/// store.send(.rows(.element(id: item.id, action: .toggle)))
/// ```
public enum IdentifiedAction<ID: Hashable & Sendable, Action> {
  /// An action of the element with this id.
  case element(id: ID, action: Action)
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Sendable where Action: Sendable {}

/// The list action of a reducer whose state is `Identifiable`: `IdentifiedActionOf<Row>`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable
