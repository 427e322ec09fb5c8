import CoreStore
import ItemsClient

extension ItemList {
  /// Where the list can go, as one enum (seed 004): at most one destination is active, so the
  /// list has 5 valid navigation states (none or one of four) instead of 2^4 with optionals.
  public struct Destination: Reducer, Sendable {
    /// The active destination's state.
    public enum State: CasePathable, Equatable, Sendable {
      /// Drill-down into one item.
      case detail(ItemDetail.State)
      /// Editing an item.
      case edit(ItemEdit.State)
      /// Adding an item (sheet-like).
      case add(ItemEdit.State)
      /// Asking whether to delete an item: an alert, which closes itself when answered.
      case alert(AlertState<Alert>)
    }

    /// The active destination's actions.
    public enum Action: CasePathable, Equatable, Sendable {
      /// An action of the detail.
      case detail(ItemDetail.Action)
      /// An action of the editor.
      case edit(ItemEdit.Action)
      /// An action of the add sheet.
      case add(ItemEdit.Action)
      /// An answer to the alert.
      case alert(Alert)
    }

    /// The answers the alert can give (Cancel only closes it).
    public enum Alert: Equatable, Sendable {
      /// Delete the item with this id.
      case confirmDeletion(Item.ID)
    }

    /// The reducer that runs whichever destination is open.
    public init() {}

    /// Each case runs its own feature; the alert has none (the list handles its answer).
    public var body: some ReducerOf<Self> {
      Scope(state: \.detail, action: \.detail) { ItemDetail() }
      Scope(state: \.edit, action: \.edit) { ItemEdit() }
      Scope(state: \.add, action: \.add) { ItemEdit() }
    }
  }
}

extension AlertState<ItemList.Destination.Alert> {
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
