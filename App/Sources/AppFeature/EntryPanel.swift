import CoreDependencies
import CoreStore
import CoreUI
import EntryFeature
import ItemListFeature
import ItemsClient

// The one place the App wires a feature into another's screen by hand (the design's seed
// 002): ItemList builds the panel Entry shows, with its own state, which the App holds beside
// the router for as long as the app runs (AppReducer). Entry never imports ItemList: it reads
// the panel's view from its `viewBuilding` dependency, which this file sets where the router's
// view makes its screens' views. `make remove-feature` turns this file into an empty panel
// when it removes a feature the file imports, so the rest of the App never names either one.

/// The panel Entry shows: ItemList's items panel.
public typealias EntryPanel = ItemsPanel

extension AppReducer.State {
  /// The items the app has loaded, shared by every screen that shows them (the panel holds them
  /// for as long as the app runs); nil while they are not loaded.
  public var shownItems: [Item]? {
    panel.items.map(Array.init)
  }
}

extension AppReducer {
  /// What the screens' views read as they are made (``AppRouterView/screenDependencies``):
  /// Entry's view-building client, drawing the panel from `panel`.
  @MainActor
  static func screenDependencies(
    panel: Store<EntryPanel.State, EntryPanel.Action>
  ) -> @MainActor (inout DependencyValues) -> Void {
    { $0.viewBuilding = ViewBuildingClient { ItemsPanelView(store: panel) } }
  }
}
