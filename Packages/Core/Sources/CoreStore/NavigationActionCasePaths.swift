/// The navigation actions as case key paths, as TCA spells them: `\.destination.dismiss`,
/// `\.destination.presented`, `\.path.popFrom`, `\.path.push`, `\.path[id: id]`,
/// `\.rows[id: id]`. Written by hand (the generator covers the app's own enums; these are
/// Core's generic ones).
///
/// ```swift
/// await store.receive(\.destination.dismiss) { $0.destination = nil }
/// await store.receive(\.path.popFrom) { $0.path.removeAll() }
/// await store.send(\.rows[id: row.id].moreTapped)
/// ```
extension PresentationAction: CasePathable {
  /// The two cases of a presentation action.
  public struct AllCasePaths: Sendable {
    /// `.presented(action)`.
    public var presented: CasePath<PresentationAction, Action> {
      CasePath(
        { .presented($0) }, extract: { if case .presented(let action) = $0 { action } else { nil } }
      )
    }
    /// `.dismiss`.
    public var dismiss: CasePath<PresentationAction, Void> {
      CasePath({ _ in .dismiss }, extract: { if case .dismiss = $0 { () } else { nil } })
    }
  }

  /// The case paths of every case.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension StackAction: CasePathable {
  /// The three cases of a stack action.
  public struct AllCasePaths: Sendable {
    /// `.element(id:action:)`.
    public var element: CasePath<StackAction, (id: StackElementID, action: Action)> {
      CasePath(
        { .element(id: $0.id, action: $0.action) },
        extract: { if case .element(let id, let action) = $0 { (id, action) } else { nil } })
    }
    /// `.popFrom(id:)`.
    public var popFrom: CasePath<StackAction, StackElementID> {
      CasePath({ .popFrom(id: $0) }, extract: { if case .popFrom(let id) = $0 { id } else { nil } })
    }
    /// `.push(id:state:)`.
    public var push: CasePath<StackAction, (id: StackElementID, state: State)> {
      CasePath(
        { .push(id: $0.id, state: $0.state) },
        extract: { if case .push(let id, let state) = $0 { (id, state) } else { nil } })
    }
  }

  /// The case paths of every case.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension IdentifiedAction: CasePathable {
  /// The one case of an identified action.
  public struct AllCasePaths: Sendable {
    /// `.element(id:action:)`.
    public var element: CasePath<IdentifiedAction, (id: ID, action: Action)> {
      CasePath(
        { .element(id: $0.id, action: $0.action) },
        extract: { if case .element(let id, let action) = $0 { (id, action) } else { nil } })
    }
  }

  /// The case paths of every case.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension CasePath {
  /// The actions of the element with this id, as TCA spells it: `\.rows[id: id]`.
  public subscript<ID: Hashable & Sendable, ElementAction>(
    id id: ID
  ) -> CasePath<Root, ElementAction>
  where Value == IdentifiedAction<ID, ElementAction> {
    appending(
      CasePath<IdentifiedAction<ID, ElementAction>, ElementAction>(
        { .element(id: id, action: $0) },
        extract: { if case .element(id, let action) = $0 { action } else { nil } }))
  }
}
