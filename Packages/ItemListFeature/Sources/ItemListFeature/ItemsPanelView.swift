import CoreStore
import CoreUI

/// The item list's panel, for other screens to show: what the list is and how many items it
/// keeps. It only shows; the screen it sits on owns the commands.
public struct ItemsPanelView: TextView {
  /// What the view renders.
  public let store: Store<ItemsPanel.State, ItemsPanel.Action>

  /// A view that renders `store` and holds nothing else.
  public init(store: Store<ItemsPanel.State, ItemsPanel.Action>) {
    self.store = store
  }

  /// The panel's first line: what it shows, and which feature builds it.
  public nonisolated static let heading = "┌ Items (built by ItemListFeature)"

  /// Two lines: the list and its count, or why it could not be counted.
  public func render() -> [String] {
    [Self.heading, "└ " + summary]
  }

  private var summary: String {
    guard let count = store.state.items?.count else {
      if let failure = store.state.failure { return "Cannot count the items: \(failure)" }
      return "Counting the items…"
    }
    let items = count == 1 ? "1 item" : "\(count) items"
    return "\(items) kept; type items to open the list."
  }

  /// None: the panel only shows.
  public var commands: [TextCommand] { [] }
}
