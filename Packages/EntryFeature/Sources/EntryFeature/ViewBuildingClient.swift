import CoreDependencies
import CoreUI

/// Builds views that belong to other features, so Entry can show them without importing
/// those features (seed 002). Entry declares the interface; the App supplies the live value.
///
/// ```swift
/// // In the App:
/// extension ViewBuildingClient: DependencyKey {
///   static let liveValue = ViewBuildingClient { ItemsPanelView(store: itemsPanelStore) }
/// }
/// ```
public struct ViewBuildingClient: Sendable {
  /// The panel shown at the bottom of Entry's screen.
  public var panel: @MainActor @Sendable () -> any TextView

  /// A client from a panel builder.
  public init(panel: @escaping @MainActor @Sendable () -> any TextView) {
    self.panel = panel
  }
}

extension ViewBuildingClient: TestDependencyKey {
  /// Reports an issue when the panel is built in a test that did not provide one.
  public static let testValue = ViewBuildingClient {
    reportIssue("Unimplemented: ViewBuildingClient.panel; set $0.viewBuilding in the test")
    return PlaceholderPanelView(text: "(no panel)")
  }

  /// A placeholder that says where the real panel comes from.
  public static let previewValue = ViewBuildingClient {
    PlaceholderPanelView(text: "[panel built by another feature; the App provides it]")
  }
}

extension DependencyValues {
  /// Builds views that other features own.
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
