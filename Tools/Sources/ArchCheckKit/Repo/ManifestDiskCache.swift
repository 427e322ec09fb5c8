import Foundation

/// Package descriptions kept on disk between runs, so `make check`, `make generate`, the
/// scaffolders and the tools' tests ask `swift package dump-package` (about 1.5 s of CPU a
/// manifest) only for a manifest text this toolchain has not described before. Per user, in
/// `$XDG_CACHE_HOME/switchyard/manifests` (or `~/.cache/…`; `ARCHCHECK_MANIFEST_CACHE` names
/// another folder), shared by every clone and scratch copy.
///
/// Only declarative manifests are kept (``ManifestCache/isDeclarative(_:)``): their
/// description depends on their text alone, and is moved to the folder it is read for. Each
/// entry holds the text it describes, compared on every read, so a hash collision is a miss.
/// Failures are never kept. Past ``maximumEntries`` the folder is emptied and refilled.
enum ManifestDiskCache {
  /// How many descriptions are kept before the folder is emptied.
  static let maximumEntries = 2_000

  /// One kept description: the manifest text, where it was dumped, and what dump-package
  /// printed there.
  private struct Entry: Codable {
    let text: String
    let directory: String
    let dump: String
  }

  /// The folder, from the environment.
  static var folder: URL {
    let environment = ProcessInfo.processInfo.environment
    if let given = environment["ARCHCHECK_MANIFEST_CACHE"], !given.isEmpty {
      return URL(fileURLWithPath: given)
    }
    let base =
      environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
    return base.appendingPathComponent("switchyard/manifests")
  }

  /// The kept dump-package output for `text` (dumped in `directory`, then moved), or nil.
  static func read(text: String, in folder: URL = folder) -> (dump: String, directory: URL)? {
    let file = folder.appendingPathComponent(key(for: text) + ".json")
    guard let data = FileManager.default.contents(atPath: file.path),
      let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.text == text
    else { return nil }
    return (entry.dump, URL(fileURLWithPath: entry.directory))
  }

  /// Keeps `dump` for `text`; a folder that cannot be written is no error (the next run asks
  /// dump-package again).
  /// (`maximum`: the bound, ``maximumEntries`` but in a test.)
  static func write(
    text: String, dump: String, directory: URL, in folder: URL = folder,
    maximum: Int = maximumEntries
  ) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    if names.count >= maximum {
      try? FileManager.default.removeItem(at: folder)
    }
    guard
      (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true))
        != nil,
      let data = try? JSONEncoder().encode(
        Entry(text: text, directory: directory.path, dump: dump))
    else { return }
    // Written whole under a temporary name, then renamed: a reader never sees half an entry.
    let file = folder.appendingPathComponent(key(for: text) + ".json")
    let temporary = folder.appendingPathComponent(".\(UUID().uuidString).tmp")
    guard (try? data.write(to: temporary)) != nil else { return }
    if rename(temporary.path, file.path) != 0 {
      try? FileManager.default.removeItem(at: temporary)
    }
  }

  /// The entry's file name: FNV-1a (64 bits) of the toolchain and the text, in hex.
  static func key(for text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in (toolchain + "\u{0}" + text).utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return String(hash, radix: 16)
  }

  /// The `swift` on the `PATH`, by path, size and modification time: a new toolchain is a new
  /// file, and describes manifests anew.
  static let toolchain: String = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/swift"
      if let attributes = try? FileManager.default.attributesOfItem(atPath: candidate) {
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(candidate) \(size) \(time)"
      }
    }
    return "swift"
  }()
}
