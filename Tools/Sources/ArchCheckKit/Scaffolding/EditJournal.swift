import Foundation

/// What a scaffolder is about to change, written before it changes anything and removed once
/// every change is in place, so a run killed in the middle (`kill -9`, a power cut) is undone
/// by the next `archcheck` run: each file is put back as it was, each folder it created is
/// removed, and the generated code is written again from the restored sources. A journal
/// marked ``committed`` (a removal whose changes are all in place) is finished instead: the
/// folders it held aside are deleted.
struct EditJournal: Codable, Equatable {
  /// Where the journal lives, relative to the repo's root (ignored by git).
  static let path = ".build-archcheck/edits-in-progress.json"

  /// The files `make generate` derives from the manifests, which adding or removing a package
  /// changes too: kept in the journal so an undone run leaves them as they were.
  static let derivedFiles = [
    "Package.swift", "Switchyard.xcworkspace/contents.xcworkspacedata",
    "Switchyard.code-workspace", GraphDocument.path,
  ]

  /// Each file the run may replace or create, by path: its text before, or nil when it did
  /// not exist.
  var originals: [String: String?]
  /// The folders the run may create (a new package, its staging folder); removed on recovery.
  var createdFolders: [String]
  /// The folders the run moves aside before removing them (a package `make remove-feature`
  /// removes), each to where it is held; moved back on recovery. Nil in older journals.
  var movedFolders: [String: String]? = nil
  /// Every change is in place and checked (`make remove-feature` or `make rename-feature`
  /// after its build): what is left is deleting the folders held aside, which recovery
  /// finishes instead of undoing.
  var committed: Bool? = nil
  /// The process making the changes: a journal whose process still runs is another run in
  /// progress (a second terminal), never something to undo.
  var process: Int32 = getpid()

  /// Writes the journal (atomically) before the first change. Refuses while another run's
  /// journal is there and its process still runs (a second terminal): the two would write
  /// over each other's files and each other's journal.
  func begin(root: URL) throws(ArchCheckError) {
    let existing = root.appendingPathComponent(Self.path)
    if let data = try? Data(contentsOf: existing),
      let other = try? JSONDecoder().decode(EditJournal.self, from: data),
      other.process != getpid(), kill(other.process, 0) == 0 || errno != ESRCH
    {
      throw .invalidInput(
        "another make feature, make route, make remove-feature or make rename-feature is "
          + "running (process "
          + "\(other.process)); wait for it to finish, then run this again")
    }
    let data: Data
    do {
      data = try JSONEncoder().encode(self)
    } catch {
      throw .file("cannot record the edits about to be made: \(error.localizedDescription)")
    }
    try FileWriter.replaceCreatingFolder(
      root.appendingPathComponent(Self.path), with: String(decoding: data, as: UTF8.self))
  }

  /// Removes the journal once every change is in place (or undone).
  static func end(root: URL) {
    try? FileManager.default.removeItem(at: root.appendingPathComponent(path))
  }

  /// Undoes what a run cut short left half done, or finishes it when its journal was marked
  /// done, if a journal is there; returns one line for the person, or nil when there was
  /// nothing to do.
  @discardableResult
  static func recover(root: URL) throws(ArchCheckError) -> String? {
    let url = root.appendingPathComponent(path)
    guard let data = try? Data(contentsOf: url) else { return nil }
    guard let journal = try? JSONDecoder().decode(EditJournal.self, from: data) else {
      throw .file(
        "\(path) is not a journal archcheck can read; look at the files it lists, then delete it")
    }
    if kill(journal.process, 0) == 0 || errno != ESRCH { return nil }
    if journal.committed == true {
      journal.finish(root: root)
      return "archcheck: an earlier make remove-feature or make rename-feature was cut short "
        + "after its changes were in place; the folder it was deleting is deleted now"
    }
    try journal.restore(root: root)
    end(root: root)
    let moved = journal.movedFolders?.count ?? 0
    return "archcheck: an earlier make feature, make route, make remove-feature or make "
      + "rename-feature was cut short; "
      + "its \(journal.originals.count) file(s), \(journal.createdFolders.count) new folder(s) "
      + "and \(moved) removed folder(s) are back as they were"
  }

  /// Puts everything back as it was before the run (what recovery does), throwing when a file
  /// cannot be written back.
  func restore(root: URL) throws(ArchCheckError) {
    let fileManager = FileManager.default
    for folder in createdFolders {
      try? fileManager.removeItem(at: root.appendingPathComponent(folder))
    }
    for (folder, holding) in (movedFolders ?? [:]).sorted(by: { $0.key < $1.key }) {
      let original = root.appendingPathComponent(folder)
      let held = root.appendingPathComponent(holding)
      if !fileManager.fileExists(atPath: original.path), fileManager.fileExists(atPath: held.path) {
        guard rename(held.path, original.path) == 0 else {
          throw .file(
            "cannot move \(holding) back to \(folder): \(String(cString: strerror(errno))); "
              + "move it by hand")
        }
      }
    }
    for (file, original) in originals.sorted(by: { $0.key < $1.key }) {
      let target = root.appendingPathComponent(file)
      if let original {
        if (try? String(contentsOf: target, encoding: .utf8)) != original {
          try FileWriter.replaceCreatingFolder(target, with: original)
        }
      } else {
        try? fileManager.removeItem(at: target)
      }
    }
    removeTemporaries(root: root)
    _ = try? GeneratedSources.write(root: root)
  }

  /// The temporaries a write cut short left anywhere in the tree (build folders and `.git`
  /// left out): `.Hoge.generated.swift.archcheck-<UUID>`, what `FileWriter.replace` renames
  /// into place, beside a journaled file or a generated one.
  private func removeTemporaries(root: URL) {
    let fileManager = FileManager.default
    guard let enumerator = fileManager.enumerator(atPath: root.path) else { return }
    while let path = enumerator.nextObject() as? String {
      let name = (path as NSString).lastPathComponent
      if name.hasPrefix(".build") || name == ".git" {
        enumerator.skipDescendants()
        continue
      }
      if name.hasPrefix("."),
        name.range(of: #"\.archcheck-[0-9A-F-]{36}$"#, options: .regularExpression) != nil
      {
        try? fileManager.removeItem(at: root.appendingPathComponent(path))
      }
    }
  }

  /// Marks every change in place (``committed``, written with Ctrl-C held off), so that from
  /// here a run cut short is finished, not undone; then finishes it.
  mutating func commit(root: URL) throws(ArchCheckError) {
    try FileWriter.withInterruptsHeld { () throws(ArchCheckError) in
      committed = true
      try begin(root: root)
      finish(root: root)
    }
  }

  /// After a commit: deletes the folders held aside (the removed package), then the journal.
  func finish(root: URL) {
    for holding in (movedFolders ?? [:]).values.sorted() {
      FileWriter.removeTree(root.appendingPathComponent(holding))
    }
    Self.end(root: root)
  }

  /// `restore`, for a run that failed part way: what cannot be put back stays as it is.
  func undo(root: URL) {
    try? restore(root: root)
  }
}
