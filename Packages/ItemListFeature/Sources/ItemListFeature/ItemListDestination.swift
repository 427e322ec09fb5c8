import CoreStore
import ItemsClient

extension ItemList {
  /// Where the list can go, as one enum (tree-based navigation): at most one destination is active, so the
  /// list has 5 valid navigation states (none or one of four) instead of 2^4 with optionals.
  /// An enum of reducers: `make generate` writes its `State`, `Action`, `body` and
  /// `store.case` (ItemListDestination.generated.swift).
  public enum Destination: CaseReducer {
    /// Drill-down into one item.
    case detail(ItemDetail)
    /// Editing an item.
    case edit(ItemEdit)
    /// Adding an item (sheet-like).
    case add(ItemEdit)
    /// Asking whether to delete an item: an alert, which closes itself when answered.
    case alert(AlertState<Alert>)

    /// The answers the alert can give (Cancel only closes it).
    public enum Alert: Equatable, Sendable {
      /// Delete the item with this id.
      case confirmDeletion(Item.ID)
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
