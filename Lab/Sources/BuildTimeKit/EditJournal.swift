import Foundation

/// The edits in progress, on disk: each file's original bytes (or that it did not exist) and
/// each temporary folder, written before the tool touches anything. A run killed with
/// `kill -9` cannot restore its files itself; the next run (or `buildtime restore`) finds the
/// journal and puts everything back.
public struct EditJournal: Codable, Equatable {
  struct File: Codable, Equatable {
    /// The absolute path.
    var path: String
    /// The original bytes, base64; nil when the file did not exist.
    var original: String?
  }

  var files: [File] = []
  var folders: [String] = []

  var isEmpty: Bool { files.isEmpty && folders.isEmpty }

  /// Where a repo's journal lives: an ignored build folder at its root.
  public static func location(root: URL) -> URL {
    root.appendingPathComponent(".build-buildtime/journal.json")
  }

  /// Writes the journal atomically (a crash leaves the old one or the new one, never half).
  func save(to url: URL) throws {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try JSONEncoder().encode(self).write(to: url, options: .atomic)
  }

  /// Restores what the journal at `url` recorded and deletes it. Returns the paths written
  /// back or deleted, for the message; empty when there was no journal.
  public static func recover(from url: URL) throws(BuildTimeError) -> [String] {
    guard let data = try? Data(contentsOf: url) else { return [] }
    guard let journal = try? JSONDecoder().decode(EditJournal.self, from: data) else {
      throw .invalidInput(
        "\(url.path) is not a journal this tool can read; check the files it names with "
          + "git status, then delete it")
    }
    var restored: [String] = []
    for file in journal.files.reversed() {
      let target = URL(fileURLWithPath: file.path)
      do {
        if let original = file.original {
          guard let bytes = Data(base64Encoded: original) else {
            throw BuildTimeError.edit("the journal's copy of \(file.path) is damaged")
          }
          try bytes.write(to: target)
        } else if FileManager.default.fileExists(atPath: file.path) {
          try FileManager.default.removeItem(at: target)
        }
        restored.append(file.path)
      } catch {
        throw .edit(
          "cannot restore \(file.path) from \(url.path): \(error); restore it with git and "
            + "delete the journal")
      }
    }
    for folder in journal.folders {
      try? FileManager.default.removeItem(atPath: folder)
    }
    try? FileManager.default.removeItem(at: url)
    return restored
  }
}
