import Foundation

/// A file's bytes and the identity they were read under.
struct StoredFile: Sendable {
  let data: Data
  let identity: FileIdentity
}

/// Where stored shared values (`.fileStorage`, `.appStorage`) read and write their files: the
/// disk in an app, a dictionary in tests and previews.
protocol StoredFiles: Sendable {
  /// The file at `url`, or nil when there is none.
  func read(_ url: URL) throws -> StoredFile?
  /// The identity of the file at `url` now, or nil when there is none.
  func identity(_ url: URL) -> FileIdentity?
  /// Runs `body` holding the lock that every process writing `url` takes first.
  func withWriteLock<Result>(_ url: URL, _ body: () throws -> Result) throws -> Result
  /// Replaces the file at `url` with `data`, atomically; the new file's identity.
  func replace(_ url: URL, with data: Data) throws -> FileIdentity
}

/// Files on disk, each read and replaced relative to its folder, opened (``OpenedFolder``):
/// read through one descriptor (so bytes and identity match), never through a symbolic link,
/// replaced durably (temporary file, `fsync`, rename), and written under an exclusive `flock`
/// on a lock file beside them (`.name.lock`) so two processes never lose each other's writes.
struct DiskFiles: StoredFiles {
  /// The opened folder a file lives in: by its path (the default), or the one a program
  /// opened and checked. Asked with `forWriting` before each write, which it may refuse by
  /// throwing; nil when there is no folder yet (nothing is stored).
  var folder: @Sendable (_ url: URL, _ forWriting: Bool) throws -> OpenedFolder? = {
    url, forWriting in
    let path = url.deletingLastPathComponent()
    return forWriting ? try OpenedFolder(path) : try OpenedFolder.existing(path)
  }

  /// The largest stored file read: a value's file, not a disk image; past it, the file is
  /// refused with its size instead of filling memory (a link to `/dev/zero` never ends).
  static let maximumSize = 16 * 1024 * 1024

  /// Reads a regular file only (``OpenedFolder/read(_:atMost:)``): a link, a FIFO, a device,
  /// a folder or a file larger than ``maximumSize`` is refused, with what it is.
  func read(_ url: URL) throws -> StoredFile? {
    guard let folder = try folder(url, false),
      let file = try folder.read(url.lastPathComponent, atMost: Self.maximumSize)
    else { return nil }
    return StoredFile(data: file.data, identity: file.identity)
  }

  func identity(_ url: URL) -> FileIdentity? {
    (try? folder(url, false))??.identity(of: url.lastPathComponent)
  }

  func withWriteLock<Result>(_ url: URL, _ body: () throws -> Result) throws -> Result {
    guard let folder = try folder(url, true) else { throw StoredFileError.noFolder(url) }
    let file = folder.openFile(".\(url.lastPathComponent).lock", flags: O_RDWR | O_CREAT)
    guard file >= 0 else { throw StoredFileError(errno: errno, doing: "lock") }
    defer { close(file) }
    while flock(file, LOCK_EX) != 0 {
      guard errno == EINTR else { throw StoredFileError(errno: errno, doing: "lock") }
    }
    return try body()
  }

  func replace(_ url: URL, with data: Data) throws -> FileIdentity {
    guard let folder = try folder(url, true) else { throw StoredFileError.noFolder(url) }
    return try folder.replace(url.lastPathComponent, with: data)
  }
}

/// Files in memory, for tests and previews: a test never touches the user's disk unless it
/// asks to. Each write gives the file a new identity, as a rename does on disk.
final class InMemoryFiles: StoredFiles, @unchecked Sendable {
  private let lock = NSRecursiveLock()
  private var files: [String: StoredFile] = [:]
  private var writes = 0

  func read(_ url: URL) throws -> StoredFile? {
    lock.withLock { files[url.standardizedFileURL.path] }
  }

  func identity(_ url: URL) -> FileIdentity? {
    lock.withLock { files[url.standardizedFileURL.path]?.identity }
  }

  func withWriteLock<Result>(_ url: URL, _ body: () throws -> Result) throws -> Result {
    try lock.withLock(body)
  }

  func replace(_ url: URL, with data: Data) throws -> FileIdentity {
    lock.withLock {
      writes += 1
      let identity = FileIdentity(inMemoryWrite: writes, size: data.count)
      files[url.standardizedFileURL.path] = StoredFile(data: data, identity: identity)
      return identity
    }
  }
}

/// A system call on a stored file that failed, with its reason.
struct StoredFileError: Error, CustomStringConvertible {
  let description: String

  init(description: String) {
    self.description = description
  }

  init(errno code: Int32, doing what: String) {
    description = "cannot \(what) the file: \(String(cString: strerror(code)))"
  }

  /// The folder of `url` could not be had for a write.
  static func noFolder(_ url: URL) -> StoredFileError {
    StoredFileError(description: "its folder \(url.deletingLastPathComponent().path) is gone")
  }
}

extension FileIdentity {
  /// The identity of the `number`th write to an in-memory file.
  init(inMemoryWrite number: Int, size: Int) {
    var status = stat()
    status.st_ino = numericCast(number)
    status.st_size = numericCast(size)
    self.init(status)
  }
}
