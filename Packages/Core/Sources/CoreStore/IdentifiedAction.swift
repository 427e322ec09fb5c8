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

extension CasePath {
  /// The actions of the element `id`, from a case path to the identified actions of a list:
  /// what a row's store sends through.
  public static func element<ID>(
    _ id: ID, of elements: CasePath<Root, IdentifiedAction<ID, Value>>
  ) -> CasePath<Root, Value> {
    CasePath(
      { elements.embed(.element(id: id, action: $0)) },
      extract: { root in
        guard case .element(id, let action)? = elements.extract(from: root) else { return nil }
        return action
      })
  }
}
