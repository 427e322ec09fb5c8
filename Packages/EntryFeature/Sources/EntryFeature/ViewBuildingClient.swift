import CoreUI

/// Builds the views Entry shows that other features own, so Entry can show them without
/// importing those features (a view-building dependency). Entry declares the interface; whoever assembles the app
/// passes a value to ``EntryView``, built from stores it owns, so a panel keeps its own state.
/// It is handed to the view, never read from dependencies: a view renders what it is given.
///
/// ```swift
/// // In the App:
/// EntryView(
///   store: store.scope(state: \.entry, action: \.entry),
///   viewBuilding: ViewBuildingClient {
///     ItemsPanelView(store: store.scope(state: \.panel, action: \.panel))
///   })
/// ```
public struct ViewBuildingClient: Sendable {
  /// The panel shown at the bottom of Entry's screen.
  public var panel: @MainActor @Sendable () -> any TextView

  /// A client from a panel builder.
  public init(panel: @escaping @MainActor @Sendable () -> any TextView) {
    self.panel = panel
  }

  /// A placeholder that says where the real panel comes from: for Entry's preview, which runs
  /// without the feature that builds it.
  public static let placeholder = ViewBuildingClient {
    PlaceholderPanelView(text: "[panel built by another feature; the App provides it]")
  }
}

/// A panel of fixed text: the preview and test stand-in for a panel another feature builds.
public struct PlaceholderPanelView: TextView {
  /// The text shown.
  public let text: String

  /// A panel that shows `text`.
  public init(text: String) {
    self.text = text
  }

  /// One line: the text.
  public func render() -> [String] { [text] }

  /// None.
  public var commands: [TextCommand] { [] }
}
