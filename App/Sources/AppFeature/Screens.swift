import CoreRouting
import EntryFeature
import FugaFeature
import HogeFeature
import ItemListFeature

/// The panel Entry shows (seed 002): ItemList builds it with its own state, which the router
/// holds and refreshes each time Entry is on top again. Entry never imports ItemList: it gets
/// the panel through its `ViewBuildingClient`.
public typealias RootPanel = ItemsPanel
/// The view of ``RootPanel``.
public typealias RootPanelView = ItemsPanelView

extension AppRouter {
  /// The app's screens: one line each, `case name(Reducer)`; the first is the first screen,
  /// always there under the stack. The `Path` reducer, its case paths, each screen's title
  /// and appear action, the one `navigate` function the router calls and each screen's view
  /// are generated from this list (`make generate`, into Screens.generated.swift). A
  /// feature's `Route` case names a screen here by its case name.
  public enum Screens: ScreenList {
    /// Entry: the first screen, with the items panel; opens Hoge and the list.
    case entry(Entry)
    /// Hoge: asks for a name, opens Fuga with it.
    case hoge(Hoge)
    /// Fuga: shows the name, goes back to Hoge or the root.
    case fuga(Fuga)
    /// The item list, with its own tree of destinations.
    case items(ItemList)
  }
}
