import Foundation

/// Each Swift file's ``LayoutSignature``, as a digest, kept between runs of the layout guard
/// beside its record (`switchyard-layout.files`) so that a run scans only the files whose size
/// or modification time changed: the same test SwiftPM's build makes to recompile a file.
final class FileSignatures {
  /// One file's entry: what identified its version, and its signature's digest ("" for none).
  private struct Entry {
    let stamp: String
    let digest: String
  }

  private let cache: URL
  private var entries: [String: Entry] = [:]
  private var used: [String: Entry] = [:]

  /// The entries kept at `cache`; none when it is missing or unreadable.
  init(cache: URL) {
    self.cache = cache
    guard let text = try? String(contentsOf: cache, encoding: .utf8) else { return }
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 3 else { continue }
      entries[String(fields[0])] = Entry(stamp: String(fields[1]), digest: String(fields[2]))
    }
  }

  /// The digest of `file`'s signature, "" when it declares no type or alias.
  func signature(of file: URL) -> String {
    let stamp = Self.stamp(of: file)
    if let stamp, let kept = entries[file.path], kept.stamp == stamp {
      used[file.path] = kept
      return kept.digest
    }
    let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    let signature = LayoutSignature.of(text)
    var hasher = FNV1a()
    hasher.add(signature)
    let digest = signature.isEmpty ? "" : hasher.hex
    if let stamp {
      used[file.path] = Entry(stamp: stamp, digest: digest)
    }
    return digest
  }

  /// Writes the entries this run used (files since deleted drop out), whole or not at all.
  func save() {
    let text =
      used.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value.stamp)\t\($0.value.digest)" }
      .joined(separator: "\n") + "\n"
    let temporary = cache.appendingPathExtension("new.\(ProcessInfo.processInfo.processIdentifier)")
    guard (try? Data(text.utf8).write(to: temporary)) != nil,
      rename(temporary.path, cache.path) == 0
    else {
      try? FileManager.default.removeItem(at: temporary)
      return
    }
  }

  /// A file's size and modification time (nanoseconds), or nil when it cannot be read.
  static func stamp(of file: URL) -> String? {
    var info = stat()
    guard stat(file.path, &info) == 0 else { return nil }
    #if canImport(Darwin)
      let time = info.st_mtimespec
    #else
      let time = info.st_mtim
    #endif
    return "\(info.st_size) \(time.tv_sec).\(time.tv_nsec) \(info.st_ino)"
  }
}
