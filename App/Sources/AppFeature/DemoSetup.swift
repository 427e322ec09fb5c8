import CoreDependencies
import CoreStore
import CoreUI
import Foundation
import ItemListFeature

/// How the `demo` executable is assembled from its options: where items are kept, and the
/// console on the router with the live values.
@MainActor
public struct DemoSetup {
  /// The demo's version.
  public static let version = "0.1.0"

  /// The demo's own options, beside the standard ones.
  public static let options: [ConsoleLauncher.Option] = [
    .value(
      "--data-dir", "PATH", help: "keep items in PATH/items.json (default: the user data folder)"),
    .flag("--in-memory", help: "keep items in memory only; nothing is saved"),
  ]

  /// The items client the demo runs with.
  public let items: ItemsClient
  /// Lines to show before the first screen (a corrupt file, a fallback to memory).
  public let warnings: [String]

  /// Chooses the storage from the options. Throws a one-line reason for a bad `--data-dir`.
  public init(launch: LaunchArguments) throws {
    if launch.flags.contains("--in-memory") {
      if launch.values["--data-dir"] != nil {
        throw CommandError("--in-memory and --data-dir cannot be used together; choose one")
      }
      self.items = .inMemory([])
      self.warnings = []
      return
    }
    let directory: URL
    if let path = launch.values["--data-dir"] {
      directory = try DataDirectory.validate(path)
    } else {
      directory = DataDirectory.default()
    }
    let file = ItemsFile(directory: directory)
    do {
      _ = try file.load()
      self.items = file.client
      self.warnings = []
    } catch {
      self.items = .inMemory([])
      self.warnings = [
        "\(error.errorDescription ?? "\(error)"); the file was left untouched. "
          + "Starting with an empty list kept in memory: nothing will be saved this session."
      ]
    }
  }

  /// The console on the router, with the live values and the chosen storage.
  public func makeConsole() -> Console<AppRouter.State, AppRouter.Action> {
    let items = self.items
    return Console(initialState: AppRouter.State()) {
      AppRouter()
    } withDependencies: {
      $0.context = .live
      $0.items = items
    } view: {
      AppRouterView(store: $0)
    }
  }

  /// Ctrl-C: say so; saves already finished (each is atomic), so nothing is lost.
  public func interrupted() {
    FileHandle.standardOutput.write(Data("\n(interrupted; saved items are kept)\n".utf8))
  }
}
