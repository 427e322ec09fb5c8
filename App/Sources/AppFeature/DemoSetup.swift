import CoreDependencies
import CoreStore
import CoreUI
import Foundation
import ItemListFeature
import ItemsClient
import ItemsClientLive

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
  /// The file the items are kept in; nil when they are kept in memory.
  public let file: ItemsFile?

  /// Why the last changes were not saved, when the last save failed: what the demo warns
  /// about when it ends, with a non-zero exit status.
  public var unsavedChanges: String? { file?.unsavedReason }

  /// Chooses the storage from the options. Throws a one-line reason for a bad `--data-dir`.
  public init(launch: LaunchArguments) throws {
    if launch.flags.contains("--in-memory") {
      if launch.values["--data-dir"] != nil {
        throw CommandError("--in-memory and --data-dir cannot be used together; choose one")
      }
      self.items = .inMemory([])
      self.warnings = []
      self.file = nil
      return
    }
    let directory: URL
    if let path = launch.values["--data-dir"] {
      directory = try DataDirectory.validate(path)
    } else {
      directory = DataDirectory.default()
    }
    let file = ItemsFile(directory: directory)
    var warnings: [String] = []
    if let holder = DataFolderLock.acquire(directory) {
      file.makeReadOnly(because: "\(holder); this demo opened it read-only")
    } else {
      file.removeStaleTemporaries()
    }
    do {
      _ = try file.load()
      if let reason = file.readOnlyReason {
        warnings.append("\(reason); your changes will not be saved this session.")
      }
      self.items = file.client
      self.warnings = warnings
      self.file = file
    } catch {
      self.file = nil
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
    return AppRouter.console {
      $0.context = .live
      $0.items = items
    }
  }

  /// Ctrl-C (or SIGTERM, SIGHUP): say so. The handler runs once a save under way has
  /// finished, so every item saved is in the file.
  public static func interrupted() {
    FileHandle.standardOutput.write(Data("\n(interrupted; saved items are kept)\n".utf8))
  }
}
