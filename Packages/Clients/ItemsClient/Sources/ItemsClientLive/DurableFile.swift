import Foundation

/// Replaces a file so that a crash or a power cut leaves the old contents or the new ones,
/// never a mix or nothing: a temporary file beside the target, written and flushed
/// (`fsync`), given the target's permissions, renamed over it, and the folder flushed.
enum DurableFile {
  /// Replaces `url` (or the file it links to) with `data`; returns the new file's identity.
  static func replace(_ url: URL, with data: Data) throws -> FileIdentity {
    let target = url.resolvingSymlinksInPath()
    let directory = target.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let temporary = directory.appendingPathComponent(
      ".\(target.lastPathComponent).\(UUID().uuidString).tmp")
    let existingMode =
      (try? FileManager.default.attributesOfItem(atPath: target.path))?[
        .posixPermissions] as? NSNumber
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    var written: FileIdentity?
    guard descriptor >= 0 else { throw posixError("cannot create \(temporary.lastPathComponent)") }
    do {
      try writeAll(data, to: descriptor)
      if let existingMode, fchmod(descriptor, mode_t(existingMode.intValue)) != 0 {
        throw posixError("cannot keep the file's permissions")
      }
      guard fsync(descriptor) == 0 else { throw posixError("cannot flush the new list to disk") }
      guard let identity = FileIdentity.of(descriptor: descriptor) else {
        throw posixError("cannot examine the new list")
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

  private static func writeAll(_ data: Data, to descriptor: Int32) throws {
    try data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw posixError("cannot write the new list")
        }
        offset += written
      }
    }
  }

  private static func posixError(_ what: String) -> NSError {
    let reason = String(cString: strerror(errno))
    return NSError(
      domain: "ItemsFile", code: Int(errno),
      userInfo: [NSLocalizedDescriptionKey: "\(what): \(reason)"])
  }
}

/// Keeps a save and an exit on a signal apart: the signal handler waits for a save under way
/// to finish, so "saved items are kept" is true when the demo says it. The lock is recursive:
/// the handler may itself save what is still unsaved while it holds it.
public enum SaveGate {
  private static let lock = NSRecursiveLock()

  /// Runs a save; a signal arriving meanwhile waits for it.
  static func whileSaving<Result, Failure: Error>(
    _ save: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try save()
  }

  /// Waits for a save under way, then runs `body` with no other thread able to start one.
  public static func afterSaves<Result>(_ body: () -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }
}
