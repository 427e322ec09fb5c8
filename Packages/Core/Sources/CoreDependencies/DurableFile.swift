import Foundation

/// Replaces a file so that a crash or a power cut leaves the old contents or the new ones,
/// never a mix or nothing: a temporary file beside the target, written and flushed
/// (`fsync`), given the target's permissions, renamed over it, and the folder flushed.
public enum DurableFile {
  /// The temporary files `replace` left beside `url` (or the file it links to) when a process
  /// was killed mid-write (`.name.<uuid>.tmp`), oldest name first.
  public static func staleTemporaries(of url: URL) -> [URL] {
    let target = url.resolvingSymlinksInPath()
    let directory = target.deletingLastPathComponent()
    let prefix = ".\(target.lastPathComponent)."
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".tmp") }.sorted().map {
      directory.appendingPathComponent($0)
    }
  }

  /// Deletes the temporary files `replace` left beside `url` (``staleTemporaries(of:)``).
  /// Only a process that alone writes the file may call it: another's write may be under way
  /// otherwise.
  public static func removeStaleTemporaries(of url: URL) {
    for temporary in staleTemporaries(of: url) {
      try? FileManager.default.removeItem(at: temporary)
    }
  }

  /// Replaces `url` (or the file it links to) with `data`; returns the new file's identity.
  public static func replace(_ url: URL, with data: Data) throws -> FileIdentity {
    let target = url.resolvingSymlinksInPath()
    let directory = target.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw DurableFileError(
        "cannot create the folder \(directory.path): \(error.localizedDescription)")
    }
    let temporary = directory.appendingPathComponent(
      ".\(target.lastPathComponent).\(UUID().uuidString).tmp")
    let existingMode =
      (try? FileManager.default.attributesOfItem(atPath: target.path))?[
        .posixPermissions] as? NSNumber
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    var written: FileIdentity?
    guard descriptor >= 0 else { throw posixError("cannot create \(temporary.lastPathComponent)") }
    do {
      try writeAll(data, to: descriptor, name: target.lastPathComponent)
      if let existingMode, fchmod(descriptor, mode_t(existingMode.intValue)) != 0 {
        throw posixError("cannot keep the file's permissions")
      }
      guard fsync(descriptor) == 0 else {
        throw posixError("cannot flush \(target.lastPathComponent) to disk")
      }
      guard let identity = FileIdentity.of(descriptor: descriptor) else {
        throw posixError("cannot examine the new \(target.lastPathComponent)")
      }
      written = identity
      close(descriptor)
    } catch {
      close(descriptor)
      unlink(temporary.path)
      throw error
    }
    guard rename(temporary.path, target.path) == 0 else {
      let error = posixError("cannot replace \(target.lastPathComponent)")
      unlink(temporary.path)
      throw error
    }
    let folder = open(directory.path, O_RDONLY)
    if folder >= 0 {
      _ = fsync(folder)
      close(folder)
    }
    // Renaming keeps the file's inode, size and modification time.
    return written!
  }

  private static func writeAll(_ data: Data, to descriptor: Int32, name: String) throws {
    try data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw posixError("cannot write \(name)")
        }
        offset += written
      }
    }
  }

  private static func posixError(_ what: String) -> DurableFileError {
    DurableFileError("\(what): \(String(cString: strerror(errno)))")
  }
}

/// Why ``DurableFile`` could not replace a file: one sentence that names what failed and the
/// system's reason (`cannot create .items.json.….tmp: Permission denied`), as it prints
/// wherever it is shown, never an error object's dump.
public struct DurableFileError: Error, Equatable, Sendable, CustomStringConvertible,
  LocalizedError
{
  /// The sentence.
  public let description: String

  init(_ description: String) {
    self.description = description
  }

  /// The sentence, for `localizedDescription`.
  public var errorDescription: String? { description }
}
