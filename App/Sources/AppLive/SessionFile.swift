import AppFeature
import CoreDependencies
import CoreRouting
import Foundation
import ItemsClientLive

/// `session.json` in the data folder: who was signed in, the tab that showed and each tab's
/// stack as a link, written whenever it changes (``SessionAutosave``) and when the demo ends,
/// and read when it starts. It has the item
/// file's guarantees: written whole or not at all, only by the demo that holds the data
/// folder's lock and only while it does, in the folder the lock opened and never through a
/// link (``OpenedFolder``), with a version; fields this version does not know (at the top
/// and among the tabs) are written back as they were. A file that cannot be read, or that a
/// newer version wrote, is named, left as it is and never written over.
public struct SessionFile: Sendable {
  /// The version this demo reads and writes.
  public static let currentVersion = 1
  /// The largest session file read: a few links, not a disk image.
  static let maximumSize = 16 * 1024 * 1024

  /// The file.
  public let url: URL
  /// The data folder's lock, which every write confirms first; nil for a file no demo locks.
  public let lock: DataFolderLock?

  /// The session file in `directory`, written only while `lock` is held.
  public init(directory: URL, lock: DataFolderLock? = nil) {
    self.url = directory.appendingPathComponent("session.json")
    self.lock = lock
  }

  /// The saved session: nil when there is no file or nobody was signed in. Throws one line
  /// naming the file and what is wrong with it. A tab's link that cannot be read is left
  /// out (the tab opens at its start), with a line for `notices` that says so.
  public func load(notices: inout [String]) throws(SessionFileError) -> AppSession? {
    guard let object = try readObject() else { return nil }
    guard let name = object["name"] else { return nil }
    guard let name = name as? String, !name.isEmpty else {
      throw SessionFileError(url: url, reason: "its name is not a non-empty text")
    }
    if let tab = object["tab"], !(tab is String) {
      throw SessionFileError(url: url, reason: "its tab is not a text")
    }
    if let tabs = object["tabs"], !(tabs is [String: Any]) {
      throw SessionFileError(url: url, reason: "its tabs are not an object of links")
    }
    // A tab this version does not have (a newer one's) opens the first tab.
    let tab = (object["tab"] as? String).flatMap(AppRouter.Tabs.init(rawValue:)) ?? .allCases[0]
    var links: [AppRouter.Tabs: NavigationLink] = [:]
    for (key, value) in (object["tabs"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
      // A tab this version does not have is a newer one's: kept in the file, not opened.
      guard let tab = AppRouter.Tabs(rawValue: key) else { continue }
      guard let text = value as? String else {
        notices.append(
          "\(url.path): the \(key) tab's link is not a text; the tab opens at its start")
        continue
      }
      do {
        links[tab] = try NavigationLink(parsing: text)
      } catch {
        notices.append(
          "\(url.path): the \(key) tab's link cannot be read (\(error)); the tab opens at its "
            + "start")
      }
    }
    return AppSession(name: name, tab: tab, links: links)
  }

  /// Writes `session` (nil: nobody signed in) over the file, keeping the fields this version
  /// does not know from the file as it is now.
  public func save(_ session: AppSession?) throws {
    let folder = try lock?.folderForWriting() ?? OpenedFolder(url.deletingLastPathComponent())
    var object = try readObject() ?? [:]
    object["version"] = Self.currentVersion
    var tabs = object["tabs"] as? [String: Any] ?? [:]
    if let session {
      object["name"] = session.name
      object["tab"] = session.tab.rawValue
      for tab in AppRouter.Tabs.allCases {
        tabs[tab.rawValue] = session.links[tab]?.description
      }
      object["tabs"] = tabs
    } else {
      object["name"] = nil
      object["tab"] = nil
      for tab in AppRouter.Tabs.allCases { tabs[tab.rawValue] = nil }
      object["tabs"] = tabs.isEmpty ? nil : tabs
    }
    let data = try JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    _ = try folder.replace(url.lastPathComponent, with: data + Data("\n".utf8))
  }

  /// The file's JSON object, nil when there is no file; throws when it is not one this version
  /// can read.
  private func readObject() throws(SessionFileError) -> [String: Any]? {
    let data: Data
    do throws(DurableFileError) {
      let folder: OpenedFolder?
      if let lock {
        folder = lock.folder
      } else {
        folder = try OpenedFolder.existing(url.deletingLastPathComponent())
      }
      guard let file = try folder?.read(url.lastPathComponent, atMost: Self.maximumSize) else {
        return nil
      }
      data = file.data
    } catch {
      let reason =
        error.refusedKind.map { "it is \($0), not a file" }
        ?? "it cannot be read (\(error.description))"
      throw SessionFileError(url: url, reason: reason)
    }
    guard
      let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    else {
      throw SessionFileError(url: url, reason: "it is not a JSON object")
    }
    guard let version = object["version"] as? Int, version >= 1 else {
      throw SessionFileError(url: url, reason: "it has no version this demo knows")
    }
    guard version <= Self.currentVersion else {
      throw SessionFileError(
        url: url,
        reason: "a newer version of the demo wrote it (version \(version); this one writes "
          + "version \(Self.currentVersion))")
    }
    return object
  }
}

/// Why a session file is not used, as one line.
public struct SessionFileError: Error, Equatable, CustomStringConvertible {
  /// The file.
  public let url: URL
  /// What is wrong with it.
  public let reason: String

  /// `session.json is not used: …; it was left as it is and the demo starts at sign in`.
  public var description: String {
    "\(url.path) is not used: \(reason); it was left as it is, and the demo starts at sign in "
      + "and will not write over it (move it away to keep sessions again)"
  }
}
