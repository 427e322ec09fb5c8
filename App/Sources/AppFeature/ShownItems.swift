import ItemListFeature
import ItemsClient

extension AppRouter.State {
  /// The items the app has loaded, shared by every screen that shows them (the first
  /// screen's panel holds them for as long as the app runs); nil while they are not loaded.
  public var shownItems: [Item]? {
    panel.items.map(Array.init)
  }
}
