import CoreDependencies
import CoreUI
import EntryFeature
import ItemListFeature

// The live values of the dependencies the features declare. They live here, where the app is
// assembled: the features never see them, and linking this module is enough for
// `DependencyValues` to find them at run time.

extension ViewBuildingClient: @retroactive DependencyKey {
  /// Entry's panel, built by ItemList.
  public static let liveValue = ViewBuildingClient { ItemsPanelView() }
}

extension ItemsClient: @retroactive DependencyKey {
  /// The JSON file in the default data folder. The demo usually overrides this with the
  /// folder from `--data-dir`, or memory with `--in-memory`.
  public static var liveValue: ItemsClient {
    ItemsFile(directory: DataDirectory.default()).client
  }
}
