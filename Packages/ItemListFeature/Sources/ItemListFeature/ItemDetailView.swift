import CoreStore
import CoreUI

/// Shows every field of one item and offers to edit it.
public struct ItemDetailView: TextView {
  /// What the view renders, and where its commands send.
  public let store: Store<ItemDetail.State, ItemDetail.Action>

  /// A view that renders `store` and holds nothing else.
  public init(store: Store<ItemDetail.State, ItemDetail.Action>) {
    self.store = store
  }

  /// Every field of the item.
  public func render() -> [String] {
    let item = store.state.item
    return [
      "Items › \(item.name)",
      "  Quantity: \(item.quantity)",
      "  Note: \(item.note.isEmpty ? "(none)" : item.note)",
    ]
  }

  /// `edit`, `hoge`, `back`.
  public var commands: [TextCommand] {
    [
      TextCommand("edit", help: "Edit this item") { _ in store.send(.editTapped) },
      TextCommand("hoge", help: "Open Hoge with this item's name") { _ in
        store.send(.hogeTapped)
      },
      TextCommand("back", help: "Back to the list") { _ in store.send(.backTapped) },
    ]
  }
}
