import Foundation

/// Where one stored shared value's bytes live: a whole file (`.fileStorage`) or one entry of
/// the settings file (`.appStorage`).
protocol StoredLocation: Sendable {
  /// What tells whether the stored bytes changed since they were read.
  associatedtype Version: Equatable, Sendable
  /// How a report names it: a path, or an entry and its file's path.
  var name: String { get }
  /// The value's bytes now (nil when nothing is stored) and their version.
  func read() throws -> (data: Data?, version: Version)
  /// The version of the stored bytes now, as cheaply as it can be told.
  func versionNow() throws -> Version
  /// Writes `data` if the stored bytes are still at `expected` (throwing
  /// ``StoredValueConflict`` when another process changed them); the new version.
  func write(_ data: Data, ifStill expected: Version) throws -> Version
}

/// The stored bytes changed since they were read: another process wrote them.
struct StoredValueConflict: Error {}

/// A value that is a whole file; its version is the file's identity (nil: no file).
struct WholeFile: StoredLocation {
  let url: URL
  let files: any StoredFiles

  var name: String { url.path }

  func read() throws -> (data: Data?, version: FileIdentity?) {
    let file = try files.read(url)
    return (file?.data, file?.identity)
  }

  func versionNow() -> FileIdentity? {
    files.identity(url)
  }

  func write(_ data: Data, ifStill expected: FileIdentity?) throws -> FileIdentity? {
    try files.withWriteLock(url) {
      guard files.identity(url) == expected else { throw StoredValueConflict() }
      return try files.replace(url, with: data)
    }
  }
}

/// A value that is one entry of a settings file (a JSON object, one entry per key). Its
/// version is the entry's own bytes, so two processes that change different entries both keep
/// their change: a write reads the file again under the lock and replaces only its entry.
struct SettingsEntry: StoredLocation {
  let url: URL
  let key: String
  let files: any StoredFiles

  var name: String { "\"\(key)\" in \(url.path)" }

  func read() throws -> (data: Data?, version: Data?) {
    let entry = try entries()[key].map(Self.normalized)
    return (entry, entry)
  }

  func versionNow() throws -> Data? {
    try read().version
  }

  func write(_ data: Data, ifStill expected: Data?) throws -> Data? {
    try files.withWriteLock(url) {
      var entries = try entries()
      guard entries[key].map(Self.normalized) == expected else { throw StoredValueConflict() }
      let value = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
      entries[key] = value
      let file = try JSONSerialization.data(
        withJSONObject: entries, options: [.sortedKeys, .prettyPrinted])
      _ = try files.replace(url, with: file + Data("\n".utf8))
      return Self.normalized(value)
    }
  }

  /// The file's entries; none when there is no file.
  private func entries() throws -> [String: Any] {
    guard let file = try files.read(url) else { return [:] }
    let object = try JSONSerialization.jsonObject(with: file.data)
    guard let entries = object as? [String: Any] else {
      throw StoredFileError(description: "the settings file is not a JSON object")
    }
    return entries
  }

  /// An entry's bytes, written the same way whoever wrote them.
  private static func normalized(_ value: Any) -> Data {
    (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]))
      ?? Data()
  }
}
