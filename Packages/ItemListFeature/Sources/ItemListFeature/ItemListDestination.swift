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
      /// Asking whether to delete an item: an alert, which closes itself when answered.
      case alert(AlertState<Alert>)
    }

    /// The active destination's actions.
    public enum Action: Equatable, Sendable {
      /// An action of the detail.
      case detail(ItemDetailFeature.Action)
      /// An action of the editor.
      case edit(ItemEditFeature.Action)
      /// An action of the add sheet.
      case add(ItemEditFeature.Action)
      /// An answer to the alert.
      case alert(Alert)
    }

    /// The answers the alert can give (Cancel only closes it).
    public enum Alert: Equatable, Sendable {
      /// Delete the item with this id.
      case confirmDeletion(Item.ID)
    }

    /// The destinations.
    public init() {}

    /// Each case runs its own feature; the alert has none (the list handles its answer).
    public var body: some ReducerOf<Self> {
      Scope(state: .detail, action: .detail) { ItemDetailFeature() }
      Scope(state: .edit, action: .edit) { ItemEditFeature() }
      Scope(state: .add, action: .add) { ItemEditFeature() }
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

extension CasePath<
  ItemListFeature.Destination.State, AlertState<ItemListFeature.Destination.Alert>
> {
  /// The delete question.
  public static var alert: Self {
    CasePath(ItemListFeature.Destination.State.alert) {
      if case .alert(let state) = $0 { state } else { nil }
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

extension CasePath<ItemListFeature.Destination.Action, ItemListFeature.Destination.Alert> {
  /// The delete question's answers.
  public static var alert: Self {
    CasePath(ItemListFeature.Destination.Action.alert) {
      if case .alert(let action) = $0 { action } else { nil }
    }
  }
}

extension AlertState<ItemListFeature.Destination.Alert> {
  /// "Delete Milk ×2 — oat?" with Delete and Cancel.
  static func delete(_ item: Item) -> Self {
    AlertState(
      title: "Delete \(ItemText.summary(of: item))?",
      message: "This cannot be undone.",
      buttons: [
        ButtonState(role: .destructive, action: .confirmDeletion(item.id), label: "Delete"),
        ButtonState(role: .cancel, label: "Cancel"),
      ])
  }
}
