import CoreDependencies
import Foundation
import ItemsClient

/// The item list kept as a JSON file: the live storage behind `ItemsClient`.
///
/// Writes are atomic and durable: the new list goes to a temporary file in the same folder,
/// which is flushed to disk (`fsync`) and then replaces the old one with `rename`, and the
/// folder is flushed too, and the file's permissions are kept. The file is read and written
/// relative to its folder, opened (the data folder's lock's, when there is one: see
/// ``OpenedFolder``), and never through a symbolic link: a link in its place is named and
/// left alone, so nothing swapped in can send a save to another file. A missing file is an
/// empty list. A file that cannot be read or is
/// not a valid list is an error that names it, the item and the field, and is never
/// overwritten by a load. A file written by a newer version, or a folder another demo is
/// using, opens read-only: its items show, saving is refused with the reason. Fields this
/// version does not know are written back byte for byte.
///
/// A save only replaces the file this value last read or wrote: one that was never read, or
/// that another program changed since, is refused (nothing is lost; reload to see it). With a
/// ``DataFolderLock``, each save first confirms the folder is still locked by this process.
/// A load of a file unchanged since the last read or write returns the list it already has.
public struct ItemsFile: Sendable {
  /// The file.
  public let url: URL
  /// The data folder's lock this process holds, when the file lives in a locked folder.
  public let lock: DataFolderLock?
  /// The folder opened by whoever made this value, when it was not opened by the lock.
  private let opened: OpenedFolder?
  private let memory = Memory()

  /// The list at `url`, in a folder no demo locks: the folder is opened by its path for each
  /// read and write.
  public init(url: URL) {
    self.url = url
    self.lock = nil
    self.opened = nil
  }

  /// The list in `directory`, named `items.json`; with `lock`, read and written in the
  /// folder the lock opened, each write confirming the lock first.
  public init(directory: URL, lock: DataFolderLock? = nil) {
    self.url = directory.appendingPathComponent(Self.name)
    self.lock = lock
    self.opened = nil
  }

  /// The list named `items.json` in a folder already opened.
  init(folder: OpenedFolder) {
    self.url = folder.url.appendingPathComponent(Self.name)
    self.lock = nil
    self.opened = folder
  }

  private static let name = "items.json"

  /// Why saving is off, when it is: a newer file version, a folder in use.
  public var readOnlyReason: String? { memory.withLock { $0.readOnlyReason } }

  /// Why the last save failed, while no save has succeeded since: changes that will be lost
  /// when the demo ends.
  public var unsavedReason: String? { memory.withLock { $0.unsavedReason } }

  /// The items as last read or written, if any were: what the file holds as far as this
  /// value knows.
  public var lastKnownItems: [Item]? {
    memory.withLock { $0.identity == nil ? nil : $0.document.items }
  }

  /// Turns saving off, with the reason every refused save gives.
  public func makeReadOnly(because reason: String) {
    memory.withLock { $0.readOnlyReason = reason }
  }

  /// The saved items; empty when the file does not exist yet.
  public func load() throws(ItemsFileError) -> [Item] {
    let name = url.lastPathComponent
    let folder = try folderForReading()
    let current = folder?.identity(of: name)
    if let current,
      let cached = memory.withLock({ $0.identity == .file(current) ? $0.document : nil })
    {
      return cached.items
    }
    let file: (data: Data, identity: FileIdentity)?
    do {
      file = try folder?.read(name, atMost: Int.max)
    } catch {
      throw .unreadable(path: url.path, reason: Self.readReason(error))
    }
    guard let file else {
      memory.withLock {
        $0.document = ItemsDocument()
        $0.identity = .absent
      }
      return []
    }
    let document: ItemsDocument
    do {
      document = try ItemsDocument.decode(file.data)
    } catch {
      throw .corrupt(path: url.path, reason: error.reason)
    }
    memory.withLock {
      $0.document = document
      // The identity the bytes were read under: a change made since makes the next load
      // read again.
      $0.identity = .file(file.identity)
    }
    if document.version > ItemsDocument.currentVersion {
      let reason =
        "\(url.lastPathComponent) was written by a newer version of the demo (version "
        + "\(document.version); this one writes version \(ItemsDocument.currentVersion))"
      makeReadOnly(because: reason)
    }
    return document.items
  }

  /// The folder the file is read in: the lock's, the one given, or the file's folder by its
  /// path; nil when there is no such folder yet.
  private func folderForReading() throws(ItemsFileError) -> OpenedFolder? {
    if let lock { return lock.folder }
    if let opened { return opened }
    do {
      return try OpenedFolder.existing(url.deletingLastPathComponent())
    } catch {
      throw .unreadable(path: url.path, reason: error.description)
    }
  }

  /// The folder the file is written in, once the lock (if any) is confirmed; the file's
  /// folder is created when it is opened by its path.
  private func folderForWriting() throws(ItemsFileError) -> OpenedFolder {
    if let lock {
      do {
        return try lock.folderForWriting()
      } catch {
        throw .unwritable(path: url.path, reason: "\(error.reason); nothing was saved")
      }
    }
    if let opened { return opened }
    do {
      return try OpenedFolder(url.deletingLastPathComponent())
    } catch {
      throw .unwritable(path: url.path, reason: error.description)
    }
  }

  /// Replaces the saved items, atomically and durably. Creates the folder when needed.
  public func save(_ items: [Item]) throws(ItemsFileError) {
    do {
      try SaveGate.whileSaving { () throws(ItemsFileError) in try write(items) }
      memory.withLock { $0.unsavedReason = nil }
    } catch {
      memory.withLock { $0.unsavedReason = error.errorDescription }
      throw error
    }
  }

  private func write(_ items: [Item]) throws(ItemsFileError) {
    if let reason = readOnlyReason {
      throw .readOnly(path: url.path, reason: reason)
    }
    let folder = try folderForWriting()
    let name = url.lastPathComponent
    let (known, lastDocument) = memory.withLock { ($0.identity, $0.document) }
    if let current = folder.identity(of: name) {
      guard let known else {
        throw .unwritable(
          path: url.path,
          reason: "this demo has not read the file yet, so saving would replace items it "
            + "never showed; load the list first")
      }
      guard known == .file(current) else { throw .changedElsewhere(path: url.path) }
    }
    var document = lastDocument
    document.items = items
    do {
      let written = try folder.replace(name, with: document.encoded())
      memory.withLock {
        $0.document = document
        $0.identity = .file(written)
      }
    } catch {
      throw .unwritable(path: url.path, reason: Self.reason(error))
    }
  }

  /// What a demo killed mid-save left next to the list, dealt with; returns a sentence for
  /// each, for the person. A temporary that holds a whole list (the save was written, and the
  /// demo killed before it replaced the file) is kept: it becomes the list when there is none
  /// yet (a first save), and is set beside it as `items.recovered.json` otherwise
  /// (`items.recovered-2.json` and on when that is taken), for the person to compare. One cut short is deleted. Only the holder of the folder's lock may
  /// call it: another demo's save may be under way otherwise.
  @discardableResult
  public func recoverStaleTemporaries() -> [String] {
    guard let folder = try? folderForReading() else { return [] }
    let name = url.lastPathComponent
    var notices: [String] = []
    for temporary in folder.temporaries(of: name) {
      let data = (try? folder.read(temporary, atMost: Int.max))?.data ?? Data()
      guard let document = try? ItemsDocument.decode(data) else {
        folder.remove(temporary)
        notices.append(
          "A save cut short left part of a list (\(temporary)); it was deleted, and \(name) "
            + "is as the last save left it.")
        continue
      }
      let count = document.items.count
      let whole = "A save cut short left a whole list of \(count) item\(count == 1 ? "" : "s")"
      if folder.move(temporary, to: name) {
        notices.append("\(whole), and there was no \(name): it is the list now.")
        continue
      }
      let kept = Self.freeName(beside: name, in: folder)
      if folder.move(temporary, to: kept) {
        notices.append(
          "\(whole); it is kept as \(folder.url.appendingPathComponent(kept).path): compare it "
            + "with \(name), and move it over that file to use it.")
      } else {
        let reason = String(cString: strerror(errno))
        notices.append(
          "\(whole); it stays as \(folder.url.appendingPathComponent(temporary).path), which "
            + "could not be renamed (\(reason)): move it aside yourself to keep it.")
      }
    }
    return notices
  }

  /// `items.recovered.json` beside `name`, or `items.recovered-2.json` and on when taken.
  private static func freeName(beside name: String, in folder: OpenedFolder) -> String {
    let stem = (name as NSString).deletingPathExtension
    var number = 1
    while true {
      let candidate = number == 1 ? "\(stem).recovered.json" : "\(stem).recovered-\(number).json"
      if !folder.contains(candidate) { return candidate }
      number += 1
    }
  }

  /// An `ItemsClient` over this file. Its save has no suspension point, so an effect that is
  /// cancelled while saving (its screen closed) still finishes the write.
  public var client: ItemsClient {
    ItemsClient(
      load: { try load() },
      save: { try save($0) })
  }

  /// Why the file could not be read, as a sentence that says what to do.
  private static func readReason(_ error: DurableFileError) -> String {
    if error.refusedKind == FileKind.symbolicLink {
      return "it is a symbolic link, and the demo follows no link in its data folder (so "
        + "nothing swapped in can send a save elsewhere); put the file itself in its place or "
        + "choose another --data-dir"
    }
    if let kind = error.refusedKind {
      return "it is \(kind), not a file; move it away or choose another --data-dir"
    }
    if error.code == EACCES {
      return
        "you may not read it; give yourself read permission (chmod u+r) or choose another --data-dir"
    }
    return error.description
  }

  private static func reason(_ error: any Error) -> String {
    var text = (error as? LocalizedError)?.errorDescription ?? error.localizedDescription
    while text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// What this value knows of the file on disk: nothing yet, that there was none, or which
  /// file (and version of it) it last read or wrote.
  enum KnownFile: Equatable {
    case absent
    case file(FileIdentity)
  }

  /// What one file's readers and writers share: the document last read or written (for the
  /// fields this version does not know), which file that was, and whether saving is off.
  private final class Memory: @unchecked Sendable {
    struct Contents {
      var document = ItemsDocument()
      var identity: KnownFile?
      var readOnlyReason: String?
      var unsavedReason: String?
    }

    private let lock = NSLock()
    private var contents = Contents()

    func withLock<Result>(_ body: (inout Contents) -> Result) -> Result {
      lock.withLock { body(&contents) }
    }
  }
}

/// Why the item file could not be used; each names the file.
public enum ItemsFileError: Error, Equatable, LocalizedError {
  /// The file exists but cannot be read.
  case unreadable(path: String, reason: String)
  /// The file is not a valid item list.
  case corrupt(path: String, reason: String)
  /// The list could not be written.
  case unwritable(path: String, reason: String)
  /// Saving is off for this file (a newer version, a folder in use).
  case readOnly(path: String, reason: String)
  /// Another program changed the file since this demo read it; saving would drop its change.
  case changedElsewhere(path: String)

  /// One line that names the file.
  public var errorDescription: String? {
    switch self {
    case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
    case .corrupt(let path, let reason): "\(path) is not a valid item list: \(reason)"
    case .unwritable(let path, let reason): "cannot save \(path): \(reason)"
    case .readOnly(let path, let reason):
      "\(path) is open read-only, nothing was saved: \(reason)"
    case .changedElsewhere(let path):
      "cannot save \(path): another program changed it since this demo read it, and saving "
        + "would drop that change; nothing was saved (type reload to see the file as it is now)"
    }
  }
}
