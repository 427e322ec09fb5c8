import Foundation

/// Replaces a file so that a crash or a power cut leaves the old contents or the new ones,
/// never a mix or nothing, given its path: the folder is opened and the file replaced in it
/// (``OpenedFolder/replace(_:with:)``). A program that keeps several files in one folder
/// opens it once as an ``OpenedFolder`` instead, so a path swapped meanwhile cannot move its
/// writes.
public enum DurableFile {
  /// The temporary files `replace` left beside `url` when a process was killed mid-write
  /// (`.name.<uuid>.tmp`), oldest name first.
  public static func staleTemporaries(of url: URL) -> [URL] {
    let folder = url.deletingLastPathComponent()
    guard let opened = try? OpenedFolder.existing(folder) else { return [] }
    return opened.temporaries(of: url.lastPathComponent).map {
      folder.appendingPathComponent($0)
    }
  }

  /// Replaces the file at `url` with `data`, creating its folder when needed; returns the
  /// new file's identity. A symbolic link at `url` is replaced, never written through.
  public static func replace(_ url: URL, with data: Data) throws(DurableFileError)
    -> FileIdentity
  {
    try OpenedFolder(url.deletingLastPathComponent())
      .replace(url.lastPathComponent, with: data)
  }
}

/// Why a file could not be read or replaced: one sentence that names what failed and the
/// system's reason (`cannot create .items.json.….tmp: Permission denied`), as it prints
/// wherever it is shown, never an error object's dump.
public struct DurableFileError: Error, Equatable, Sendable, CustomStringConvertible,
  LocalizedError
{
  /// The sentence.
  public let description: String
  /// The system's error number, when the system refused (`EACCES`, `ENOSPC`, …).
  public let code: Int32?
  /// What a read found instead of a regular file ("a symbolic link", "a folder", "a FIFO
  /// (named pipe)", …), when that is why it refused.
  public let refusedKind: String?

  init(_ description: String, code: Int32? = nil, refusedKind: String? = nil) {
    self.description = description
    self.code = code
    self.refusedKind = refusedKind
  }

  /// `what` failed, for the reason `errno` gives now.
  static func system(_ what: String) -> DurableFileError {
    let code = errno
    return DurableFileError("\(what): \(String(cString: strerror(code)))", code: code)
  }

  /// The sentence, for `localizedDescription`.
  public var errorDescription: String? { description }
}
