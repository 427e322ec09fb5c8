import ItemListFeature
import ItemsClient

extension AppRouter.State {
  /// The items the list screen shows, when one is open and loaded (the top-most, if several).
  public var shownItems: [Item]? {
    for screen in path.reversed() {
      if case .items(let list) = screen, let items = list.items { return items }
    }
    return nil
  }
}
