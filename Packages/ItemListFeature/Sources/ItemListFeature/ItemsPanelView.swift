import CoreUI

/// A short panel about the item list, built by this feature for other screens to show
/// (Entry shows it through its view-building dependency, without importing this module).
public struct ItemsPanelView: TextView {
  /// A panel.
  public init() {}

  /// Two lines: what the list is and how to open it.
  public func render() -> [String] {
    [
      "┌ Items (built by ItemListFeature)",
      "└ A list with detail, edit, add and delete; type items to open it.",
    ]
  }

  /// None: the panel only shows; the screen it sits on owns the commands.
  public var commands: [TextCommand] { [] }
}
