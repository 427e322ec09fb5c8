import CoreStore

extension ItemListFeature {
  /// Where the list can go, as one enum (seed 004): at most one destination is active, so the
  /// list has 5 valid navigation states (none or one of four) instead of 2^4 with optionals.
  public struct Destination: Reducer, Sendable {
    /// The active destination's state.
    public enum State: Equatable, Sendable {
      /// Drill-down into one item.
      case detail(ItemDetailFeature.State)
      /// Editing an item.
      case edit(ItemEditFeature.State)
      /// Adding an item (sheet-like).
      case add(ItemEditFeature.State)
      /// Asking whether to delete an item (alert-like).
      case confirmDelete(ConfirmDeleteFeature.State)
    }

    /// The active destination's actions.
    public enum Action: Equatable, Sendable {
      /// An action of the detail.
      case detail(ItemDetailFeature.Action)
      /// An action of the editor.
      case edit(ItemEditFeature.Action)
      /// An action of the add sheet.
      case add(ItemEditFeature.Action)
      /// An action of the delete question.
      case confirmDelete(ConfirmDeleteFeature.Action)
    }

    /// The destinations.
    public init() {}

    /// Each case runs its own feature.
    public var body: some ReducerOf<Self> {
      Scope(state: .detail, action: .detail) { ItemDetailFeature() }
      Scope(state: .edit, action: .edit) { ItemEditFeature() }
      Scope(state: .add, action: .add) { ItemEditFeature() }
      Scope(state: .confirmDelete, action: .confirmDelete) { ConfirmDeleteFeature() }
    }
  }
}

extension CasePath<ItemListFeature.Destination.State, ItemDetailFeature.State> {
  /// The detail destination.
  public static var detail: Self {
    CasePath(ItemListFeature.Destination.State.detail) {
      if case .detail(let state) = $0 { state } else { nil }
    }
  }
}

extension CasePath<ItemListFeature.Destination.State, ItemEditFeature.State> {
  /// The edit destination.
  public static var edit: Self {
    CasePath(ItemListFeature.Destination.State.edit) {
      if case .edit(let state) = $0 { state } else { nil }
    }
  }

  /// The add destination.
  public static var add: Self {
    CasePath(ItemListFeature.Destination.State.add) {
      if case .add(let state) = $0 { state } else { nil }
    }
  }
}

extension CasePath<ItemListFeature.Destination.State, ConfirmDeleteFeature.State> {
  /// The delete question.
  public static var confirmDelete: Self {
    CasePath(ItemListFeature.Destination.State.confirmDelete) {
      if case .confirmDelete(let state) = $0 { state } else { nil }
    }
  }
}

extension CasePath<ItemListFeature.Destination.Action, ItemDetailFeature.Action> {
  /// The detail's actions.
  public static var detail: Self {
    CasePath(ItemListFeature.Destination.Action.detail) {
      if case .detail(let action) = $0 { action } else { nil }
    }
  }
}

extension CasePath<ItemListFeature.Destination.Action, ItemEditFeature.Action> {
  /// The editor's actions.
  public static var edit: Self {
    CasePath(ItemListFeature.Destination.Action.edit) {
      if case .edit(let action) = $0 { action } else { nil }
    }
  }

  /// The add sheet's actions.
  public static var add: Self {
    CasePath(ItemListFeature.Destination.Action.add) {
      if case .add(let action) = $0 { action } else { nil }
    }
  }
}

extension CasePath<ItemListFeature.Destination.Action, ConfirmDeleteFeature.Action> {
  /// The delete question's actions.
  public static var confirmDelete: Self {
    CasePath(ItemListFeature.Destination.Action.confirmDelete) {
      if case .confirmDelete(let action) = $0 { action } else { nil }
    }
  }
}
