import Foundation

/// What a scaffolder is about to change, written before it changes anything and removed once
/// every change is in place, so a run killed in the middle (`kill -9`, a power cut) is undone
/// by the next `archcheck` run: each file is put back as it was, each folder it created is
/// removed, and the generated code is written again from the restored sources.
struct EditJournal: Codable, Equatable {
  /// Where the journal lives, relative to the repo's root (ignored by git).
  static let path = ".build-archcheck/edits-in-progress.json"

  /// Each file the run may replace or create, by path: its text before, or nil when it did
  /// not exist.
  var originals: [String: String?]
  /// The folders the run may create (a new package, its staging folder); removed on recovery.
  var createdFolders: [String]
  /// The process making the changes: a journal whose process still runs is another run in
  /// progress (a second terminal), never something to undo.
  var process: Int32 = getpid()

  /// Writes the journal (atomically) before the first change.
  func begin(root: URL) throws(ArchCheckError) {
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

  /// Undoes what a run cut short left half done, if a journal is there; returns one line for
  /// the person, or nil when there was nothing to undo.
  @discardableResult
  static func recover(root: URL) throws(ArchCheckError) -> String? {
    let url = root.appendingPathComponent(path)
    guard let data = try? Data(contentsOf: url) else { return nil }
    guard let journal = try? JSONDecoder().decode(EditJournal.self, from: data) else {
      throw .file(
        "\(path) is not a journal archcheck can read; look at the files it lists, then delete it")
    }
    if kill(journal.process, 0) == 0 || errno != ESRCH { return nil }
    let fileManager = FileManager.default
    for folder in journal.createdFolders {
      try? fileManager.removeItem(at: root.appendingPathComponent(folder))
    }
    for (file, original) in journal.originals.sorted(by: { $0.key < $1.key }) {
      let target = root.appendingPathComponent(file)
      if let original {
        if (try? String(contentsOf: target, encoding: .utf8)) != original {
          try FileWriter.replaceCreatingFolder(target, with: original)
        }
      } else {
        try? fileManager.removeItem(at: target)
      }
    }
    _ = try? GeneratedSources.write(root: root)
    end(root: root)
    return "archcheck: an earlier make feature or make route was cut short; its "
      + "\(journal.originals.count) file(s) and \(journal.createdFolders.count) new folder(s) "
      + "are back as they were"
  }
}
