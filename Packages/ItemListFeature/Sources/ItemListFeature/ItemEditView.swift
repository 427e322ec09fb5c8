import CoreStore
import CoreUI
import ItemsClient

/// The editor's text view, for editing and for adding.
public struct ItemEditView: TextView {
  /// What the view renders, and where its commands send.
  public let store: Store<ItemEdit.State, ItemEdit.Action>

  /// A view that renders `store` and holds nothing else.
  public init(store: Store<ItemEdit.State, ItemEdit.Action>) {
    self.store = store
  }

  /// The draft, and the last refusal if any.
  public func render() -> [String] {
    let state = store.state
    let heading = state.mode == .add ? "Items › Add (not saved yet)" : "Items › Edit"
    var lines = [
      heading,
      "  Name: \(state.draft.name)",
      "  Quantity: \(state.draft.quantity)",
      "  Note: \(state.draft.note.isEmpty ? "(none)" : state.draft.note)",
    ]
    if let message = state.message { lines.append("  ! \(message)") }
    return lines
  }

  /// `name`, `qty`, `note`, `save`, `back`.
  public var commands: [TextCommand] {
    [
      TextCommand("name", arguments: [.required("text")], help: "Change the name") { arguments in
        store.send(.set(\.draft.name, try arguments.string(0)))
      },
      TextCommand("qty", arguments: [.required("N")], help: "Change the quantity") { arguments in
        store.send(.set(\.draft.quantity, try arguments.int(0, in: 0...Item.maximumQuantity)))
      },
      TextCommand("note", arguments: [.optional("text")], help: "Change or clear the note") {
        arguments in
        store.send(.set(\.draft.note, arguments.optionalString(0) ?? ""))
      },
      TextCommand("save", help: "Keep the changes") { _ in store.send(.saveTapped) },
      TextCommand("back", help: "Drop the changes") { _ in store.send(.cancelTapped) },
    ]
  }
}
