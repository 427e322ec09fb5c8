import AppFeature
import CoreConsole
import CoreDependencies
import CoreStore
import CoreUI
import Foundation
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

  /// Chooses the storage from the options and reads the file once, off the main actor (so a
  /// signal during a long read is answered at once). Throws a one-line reason for a bad
  /// `--data-dir`.
  public init(launch: LaunchArguments) async throws {
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
    let file: ItemsFile
    switch DataFolderLock.acquire(directory) {
    case .success(let lock):
      file = ItemsFile(directory: directory, lock: lock)
      file.removeStaleTemporaries()
    case .failure(let refusal):
      file = ItemsFile(directory: directory)
      file.makeReadOnly(because: "\(refusal.reason); this demo opened it read-only")
    }
    var warnings: [String] = []
    do {
      _ = try await Task.detached { try file.load() }.value
      if let reason = file.readOnlyReason {
        warnings.append("\(reason); your changes will not be saved this session.")
      }
      self.items = file.client
      self.warnings = warnings
      self.file = file
    } catch {
      self.file = nil
      self.items = .inMemory([])
      let reason = (error as? ItemsFileError)?.errorDescription ?? "\(error)"
      self.warnings = [
        "\(reason); the file was left untouched. "
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

  /// Before the demo ends (quit, the end of input, a signal, output that failed): writes the
  /// list a screen shows when the file does not hold it yet (steps still settling, a save not
  /// run yet). Returns why the shown changes are not saved, when they are not.
  public func saveShownItems(from state: AppRouter.State) -> String? {
    guard let file else { return nil }
    if let shown = state.shownItems, shown != file.lastKnownItems {
      do {
        try file.save(shown)
      } catch {
        return error.errorDescription ?? "\(error)"
      }
    }
    return file.unsavedReason
  }
}
