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
    .value("--open", "LINK", help: "open the screens a link names (tab/screen?name=value)"),
    .flag("--fresh", help: "start at sign in, not where the last session left off"),
  ]

  /// The items client the demo runs with.
  public let items: ItemsClient
  /// Lines to show before the first screen (a corrupt file, a fallback to memory).
  public let warnings: [String]
  /// The file the items are kept in; nil when they are kept in memory.
  public let file: ItemsFile?
  /// The settings file (`.appStorage`, the names set up so far) in the data folder; nil with
  /// `--in-memory`.
  public let settings: AppStorage?
  /// Where the settings are kept: on disk for the demo that holds the folder, each write
  /// confirming it still does; a copy in memory for another one (it reads them, and keeps
  /// its changes in memory); memory alone with `--in-memory`.
  public let fileStorage: FileStorage
  /// The session file, when this demo may write it (it holds the data folder and the file
  /// was readable); nil otherwise.
  public let sessionFile: SessionFile?
  /// The session to restore: nil with `--fresh`, without a file, or at the gate.
  public let session: AppSession?
  /// The link `--open` names.
  public let link: String?

  /// Chooses the storage from the options and reads the file once, off the main actor (so a
  /// signal during a long read is answered at once). Throws a one-line reason for a bad
  /// `--data-dir`.
  public init(launch: LaunchArguments) async throws {
    self.link = launch.values["--open"]
    if launch.flags.contains("--in-memory") {
      if launch.values["--data-dir"] != nil {
        throw CommandError("--in-memory and --data-dir cannot be used together; choose one")
      }
      self.items = .inMemory([])
      self.warnings = []
      self.file = nil
      self.settings = nil
      self.fileStorage = .inMemory
      self.sessionFile = nil
      self.session = nil
      return
    }
    let directory: URL
    if let path = launch.values["--data-dir"] {
      directory = try DataDirectory.validate(path)
    } else {
      directory = DataDirectory.default()
    }
    let file: ItemsFile
    let settingsURL = directory.appendingPathComponent("settings.json")
    var lock: DataFolderLock?
    var warnings: [String] = []
    switch DataFolderLock.acquire(directory) {
    case .success(let held):
      lock = held
      file = ItemsFile(directory: directory, lock: held)
      warnings += file.recoverStaleTemporaries()
      warnings += Self.dropStaleTemporaries(of: "settings.json", in: held.folder)
      warnings += Self.dropStaleTemporaries(of: "session.json", in: held.folder)
    case .failure(let refusal):
      file = ItemsFile(directory: directory)
      file.makeReadOnly(because: "\(refusal.reason); this demo opened it read-only")
    }
    let sessionFile = SessionFile(directory: directory, lock: lock)
    var session: AppSession?
    var sessionReadable = true
    do {
      session = try sessionFile.load(notices: &warnings)
    } catch {
      warnings.append(error.description)
      sessionReadable = false
    }
    self.session = launch.flags.contains("--fresh") ? nil : session
    self.sessionFile = lock != nil && sessionReadable ? sessionFile : nil
    // A demo that opened the folder read-only reads the settings but writes none: its
    // changes stay in memory. The holder writes them at once (the demo may quit right after),
    // each write confirming it still holds the folder.
    self.settings = AppStorage(url: settingsURL)
    // A settings file that is a link is never followed: named once, and the changes stay
    // in memory.
    let settingsLinked =
      lock?.folder.kind(of: settingsURL.lastPathComponent) == FileKind.symbolicLink
    if settingsLinked {
      warnings.append(
        "\(settingsURL.path) is a symbolic link, and the demo follows no link in its data "
          + "folder; new settings are not kept (put the file itself in its place to keep them)")
    }
    if let lock, !settingsLinked {
      self.fileStorage = .fileSystem(saveDelay: .zero) { forWriting in
        forWriting ? try lock.folderForWriting() : lock.folder
      }
    } else {
      self.fileStorage = .inMemory(copying: [settingsURL])
    }
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
      self.warnings =
        warnings + [
          "\(reason); the file was left untouched. "
            + "Starting with an empty list kept in memory: nothing will be saved this session."
        ]
    }
  }

  /// The console on the router, with the live values and the chosen storage.
  public func makeConsole() -> Console<AppReducer.State, AppReducer.Action> {
    let items = self.items
    let settings = self.settings
    let fileStorage = self.fileStorage
    return AppReducer.console {
      $0.context = .live
      // A person runs the demo: an issue (a setting that cannot be read or saved) is one
      // line about the file, not about the source line that noticed it.
      $0.issueReporter = IssueReporter { message, _ in
        let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        StandardStream.error("warning: \(line)\n")
      }
      $0.items = items
      // Settings live beside the items.
      if let settings { $0.defaultAppStorage = settings }
      $0.defaultFileStorage = fileStorage
    }
  }

  /// Once the app has appeared and its items are loaded: the saved session restored, then the
  /// `--open` link opened (after the sign-in, when it starts at the gate).
  /// From then on the session is written whenever it changes (``SessionAutosave``).
  public func start(_ console: Console<AppReducer.State, AppReducer.Action>) async {
    if session != nil || link != nil {
      _ = await console.store.waitForEffects()
      if let session { console.store.send(.router(.sessionRestored(session))) }
      if let link { console.store.send(.router(.linkOpened(link))) }
    }
    if let sessionFile {
      SessionAutosave.running = SessionAutosave(store: console.store, file: sessionFile)
    }
  }

  /// Before the demo ends: the settings a write could not save yet (the folder was
  /// read-only for a moment, say) written now. Returns why they were not, when they could not
  /// be.
  public func saveSettings() -> String? {
    do {
      try fileStorage.save()
      return nil
    } catch {
      return error.description
    }
  }

  /// Deletes what a write of `name` cut short left (`kill -9` mid-write); a temporary that
  /// held a whole file (the demo was killed between writing and replacing) is named in a
  /// sentence, since what it held is lost: the file is as its last save left it. (The session
  /// is written again as soon as this demo's session changes; only the items' temporaries are
  /// kept, ``ItemsFile/recoverStaleTemporaries()``.)
  static func dropStaleTemporaries(of name: String, in folder: OpenedFolder) -> [String] {
    var notices: [String] = []
    for temporary in folder.temporaries(of: name) {
      let data = (try? folder.read(temporary, atMost: SessionFile.maximumSize))?.data ?? Data()
      if (try? JSONSerialization.jsonObject(with: data)) != nil {
        let what = (name as NSString).deletingPathExtension
        notices.append(
          "A save of the \(what) cut short left a whole \(name) (\(temporary)); it was deleted, "
            + "and \(name) is as the last save left it: what changed in that save is lost.")
      }
      folder.remove(temporary)
    }
    return notices
  }

  /// Before the demo ends: the session (who is signed in, the tab, each tab's link) written
  /// to the data folder once more, whatever the autosave managed. Returns why it was not, when it could not be.
  public func saveSession(from state: AppReducer.State) -> String? {
    guard let sessionFile else { return nil }
    do {
      try sessionFile.save(state.router.session)
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// Before the demo ends (quit, the end of input, a signal, output that failed): writes the
  /// list a screen shows when the file does not hold it yet (steps still settling, a save not
  /// run yet). Returns why the shown changes are not saved, when they are not.
  public func saveShownItems(from state: AppReducer.State) -> String? {
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
