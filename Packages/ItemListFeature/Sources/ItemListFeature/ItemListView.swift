import CoreStore
import CoreUI
import ItemsClient

/// The list's text view. While a destination is active it shows that destination instead
/// (sheet-like): only one screen's commands are offered at a time.
public struct ItemListView: TextView {
  /// What the view renders, and where its commands send.
  public let store: Store<ItemList.State, ItemList.Action>

  /// A view that renders `store` and holds nothing else.
  public init(store: Store<ItemList.State, ItemList.Action>) {
    self.store = store
  }

  /// The list, or the active destination under a heading.
  public func render() -> [String] {
    if let destination = destinationView {
      return destination.render()
    }
    let state = store.state
    var lines = [state.unsavedReason == nil ? "Items" : "Items (changes not saved)"]
    if state.isLoading {
      lines.append("  Loading…")
    } else if let rows = state.items {
      if rows.isEmpty { lines.append("  (no items; add one with add \"name\")") }
      var previous: Int?
      for index in Self.shownPositions(of: rows.count) {
        if let previous, index > previous + 1 {
          lines.append("  … \(index - previous - 1) more; open N shows item N")
        }
        lines.append("  \(index + 1). \(ItemText.summary(of: rows[index]))")
        previous = index
      }
    }
    if let message = state.message { lines.append("  ! \(message)") }
    return lines
  }

  /// How many rows a long list shows at each end: a screen of a million rows would take
  /// minutes to draw, and the last rows are where an added item goes.
  public static let edgeRows = 100

  /// The 0-based positions shown: all of them, or the first and last ``edgeRows``.
  static func shownPositions(of count: Int) -> [Int] {
    guard count > 2 * edgeRows else { return Array(0..<count) }
    return Array(0..<edgeRows) + Array((count - edgeRows)..<count)
  }

  /// The list's commands, or the active destination's.
  public var commands: [TextCommand] {
    if let destination = destinationView {
      return destination.commands
    }
    // Commands on a position are offered only when there are rows to name; typed anyway,
    // they say why they cannot work.
    let count = store.state.items?.count ?? 0
    let itemPosition = CommandArgument.required(
      "N", choices: count > 0 ? .numbers(1...count) : .any)
    let hasRows = count > 0
    return [
      TextCommand("open", arguments: [itemPosition], help: "Show item N", isListed: hasRows) {
        arguments in
        store.send(.openTapped(position: try arguments.int(0)))
      },
      TextCommand("edit", arguments: [itemPosition], help: "Edit item N", isListed: hasRows) {
        arguments in
        store.send(.editTapped(position: try arguments.int(0)))
      },
      TextCommand("add", arguments: [.required("name")], help: "Add an item") { arguments in
        store.send(.addTapped(name: try arguments.string(0)))
      },
      TextCommand(
        "delete", arguments: [itemPosition], help: "Delete item N (asks first)", isListed: hasRows
      ) { arguments in
        store.send(.deleteTapped(position: try arguments.int(0)))
      },
      TextCommand("more", arguments: [itemPosition], help: "One more of item N", isListed: hasRows)
      {
        arguments in
        store.send(.rows(.element(id: try rowID(at: arguments.int(0)), action: .moreTapped)))
      },
      TextCommand("less", arguments: [itemPosition], help: "One fewer of item N", isListed: hasRows)
      {
        arguments in
        let position = try arguments.int(0)
        let id = try rowID(at: position)
        guard let quantity = store.state.items?[id: id]?.quantity, quantity > 0 else {
          throw CommandError("item \(position)'s quantity is already 0; there is none to take away")
        }
        store.send(.rows(.element(id: id, action: .lessTapped)))
      },
      TextCommand("reload", help: "Load the items again") { _ in store.send(.reloadTapped) },
      TextCommand("back", help: "Leave the list") { _ in store.send(.backTapped) },
    ]
  }

  /// The active destination's view: the alert with its way to close, or the screen of the
  /// case the destination is in.
  private var destinationView: (any TextView)? {
    if let alert = store.scope(
      state: \.destination?.alert, action: CasePath(\.destination).presenting(\.alert))
    {
      return AlertView(store: alert)
    }
    guard
      let destination = store.scope(
        state: \.destination, action: CasePath(\.destination).presented)
    else { return nil }
    switch destination.case {
    case .detail(let store): return ItemDetailView(store: store)
    case .edit(let store), .add(let store): return ItemEditView(store: store)
    case .alert: return nil  // drawn above, where its `back` can dismiss it
    }
  }

  /// The id of the row at a 1-based position, or a one-line refusal (also while the list is
  /// not loaded: there is no row to step yet).
  private func rowID(at position: Int) throws -> Item.ID {
    guard let rows = store.state.items else {
      throw CommandError("the list is still loading; try again once its items show")
    }
    guard position >= 1, position <= rows.count else {
      throw CommandError(
        rows.isEmpty
          ? "there are no items yet; add one with add \"name\""
          : "no item \(position): the list has items 1 to \(rows.count)")
    }
    return rows.ids[position - 1]
  }
}

/// How an item reads on one line.
enum ItemText {
  static func summary(of item: Item) -> String {
    var text = "\(item.name) ×\(item.quantity)"
    if !item.note.isEmpty { text += " — \(item.note)" }
    return text
  }
}
