import CoreStore
import CoreUI
import EntryFeature
import ItemListFeature
import ItemsClient

// The one place the App wires a feature into another's screen by hand (seed 002): ItemList
// builds the panel Entry shows, with its own state, which the router holds for as long as the
// app runs. Entry never imports ItemList: it gets the panel through its `ViewBuildingClient`.
// `make remove-feature` turns this file into an empty panel when it removes a feature the file
// imports, so the rest of the App never names either feature.

/// The panel the first tab's root shows: ItemList's items panel.
public typealias RootPanel = ItemsPanel
/// The view of ``RootPanel``.
public typealias RootPanelView = ItemsPanelView

extension AppRouter.State {
  /// The items the app has loaded, shared by every screen that shows them (the panel holds them
  /// for as long as the app runs); nil while they are not loaded.
  public var shownItems: [Item]? {
    panel.items.map(Array.init)
  }
}

extension AppRouterView {
  /// The view of a stack's root when it shows the panel (Entry, handed the panel's view);
  /// nil for every other screen, which the generated `view(of:)` draws.
  func panelView(root: Store<AppRouter.Path.State, AppRouter.Path.Action>) -> (any TextView)? {
    guard case .entry(let entry) = root.case else { return nil }
    let panel = store.scope(state: \.panel, action: \.panel)
    return EntryView(store: entry, viewBuilding: ViewBuildingClient { RootPanelView(store: panel) })
  }
}
