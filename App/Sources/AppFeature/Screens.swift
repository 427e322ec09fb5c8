import CoreRouting
import EntryFeature
import FugaFeature
import HogeFeature
import ItemListFeature

/// The first screen, always there under the stack; the router holds its state.
typealias RootScreen = Entry

/// The panel Entry shows (seed 002): ItemList builds it with its own state, which the router
/// holds and refreshes each time Entry is on top again. Entry never imports ItemList: it gets
/// the panel through its `ViewBuildingClient`.
public typealias RootPanel = ItemsPanel
/// The view of ``RootPanel``.
public typealias RootPanelView = ItemsPanelView

extension AppRouter {
  /// The screens that can be pushed over Entry: one line each, `case name(Reducer)`. The
  /// `Path` reducer, its case paths, each screen's title and appear action, the screen each
  /// route names, popTo's matching, the navigation requests the router carries out and each
  /// screen's view are generated from this list (`make generate`, into
  /// Screens.generated.swift). A feature's `Route` case names a screen here by its case name.
  public enum Screens: ScreenList {
    /// Hoge: asks for a name, opens Fuga with it.
    case hoge(Hoge)
    /// Fuga: shows the name, goes back to Hoge or the root.
    case fuga(Fuga)
    /// The item list, with its own tree of destinations.
    case items(ItemList)
  }
}
