import CoreDependencies
import ItemsClient

extension ItemsClient: DependencyKey {
  /// The JSON file in the default data folder. The demo usually overrides this with the
  /// folder from `--data-dir`, or memory with `--in-memory`.
  public static var liveValue: ItemsClient {
    ItemsFile(directory: DataDirectory.default()).client
  }
}
