import CoreDependencies
import CoreUI

/// Builds the views Entry shows that other features own, so Entry can show them without
/// importing those features: a view-building dependency, as in the design's seed 002. Entry
/// declares the interface; whoever assembles the app sets it where Entry's view is made, built
/// from a store it owns, so a panel keeps its own state. Without it, Entry shows a placeholder
/// (its preview, its tests).
///
/// ```swift
/// // In the App, around the views of the screens:
/// withDependencies {
///   $0.viewBuilding = ViewBuildingClient { ItemsPanelView(store: panelStore) }
/// } operation: {
///   EntryView(store: entryStore)
/// }
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

extension ViewBuildingClient: DependencyKey {
  /// The placeholder: the App sets the real panel where it draws its screens.
  public static let liveValue = ViewBuildingClient.placeholder
  /// The placeholder, as live.
  public static let testValue = ViewBuildingClient.placeholder
}

extension DependencyValues {
  /// Builds the views Entry shows that other features own (``ViewBuildingClient``).
  public var viewBuilding: ViewBuildingClient {
    get { self[ViewBuildingClient.self] }
    set { self[ViewBuildingClient.self] = newValue }
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
