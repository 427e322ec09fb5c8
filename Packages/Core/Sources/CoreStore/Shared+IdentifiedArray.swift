import CoreDependencies

extension Shared {
  /// The element with this id, itself shared (nil while it is not there), as swift-sharing's
  /// `$items[id: id]`; with `Shared(_:)` it becomes a `Shared` of the element that a child
  /// feature holds while the whole stays with its parent.
  ///
  /// ```swift
  /// guard let syncUp = Shared($syncUps[id: id]) else { return }
  /// ```
  public subscript<ID: Hashable & Sendable, Element: Identifiable & Sendable>(
    id id: ID
  ) -> Shared<Element?> where Value == IdentifiedArray<ID, Element> {
    part(\IdentifiedArray<ID, Element>.[id: id])
  }
}
