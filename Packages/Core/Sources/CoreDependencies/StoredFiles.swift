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

/// Files on disk: read through one descriptor (so bytes and identity match), replaced by
/// ``DurableFile`` (temporary file, `fsync`, rename), written under an exclusive `flock` on a
/// lock file beside them (`.name.lock`) so two processes never lose each other's writes.
struct DiskFiles: StoredFiles {
  /// Asked before each write; what it throws stops the write.
  var confirmWrite: (@Sendable (URL) throws -> Void)?

  /// The largest stored file read: a value's file, not a disk image; past it, the file is
  /// refused with its size instead of filling memory (a link to `/dev/zero` never ends).
  static let maximumSize = 16 * 1024 * 1024

  /// Reads a regular file only: opened without blocking (a FIFO would wait for a writer
  /// forever), then refused when it is a FIFO, a device or a folder, or larger than
  /// ``maximumSize``.
  func read(_ url: URL) throws -> StoredFile? {
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      // No such file, or a path through something that is not a folder: nothing stored.
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw StoredFileError(errno: errno, doing: "read")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw StoredFileError(errno: errno, doing: "examine")
    }
    if let kind = FileKind.notARegularFile(mode: status.st_mode) {
      throw StoredFileError(description: "it is \(kind), not a regular file")
    }
    // Refused by its size before a byte is read; a file that grows while it is read is
    // refused once it passes the cap.
    guard status.st_size <= Self.maximumSize else { throw Self.tooLarge }
    let data = try Self.readAll(descriptor, atMost: Self.maximumSize)
    return StoredFile(data: data, identity: FileIdentity(status))
  }

  private static let tooLarge = StoredFileError(
    description:
      "it is larger than \(maximumSize / 1024 / 1024) MiB, more than a stored value holds")

  /// Every byte of `descriptor`, refusing a file that grows past `limit` while it is read.
  /// Plain `read(2)` calls: one a signal interrupts is made again, never taken for the end.
  private static func readAll(_ descriptor: Int32, atMost limit: Int) throws -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { readBytes(descriptor, into: $0) }
      if count == 0 { return data }
      if count < 0 {
        if errno == EINTR { continue }
        throw StoredFileError(errno: errno, doing: "read")
      }
      data.append(contentsOf: buffer[..<count])
      guard data.count <= limit else { throw tooLarge }
    }
  }

  func identity(_ url: URL) -> FileIdentity? {
    FileIdentity.of(path: url.path)
  }

  func withWriteLock<Result>(_ url: URL, _ body: () throws -> Result) throws -> Result {
    let target = url.resolvingSymlinksInPath()
    let folder = target.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let lockPath = folder.appendingPathComponent(".\(target.lastPathComponent).lock").path
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard descriptor >= 0 else { throw StoredFileError(errno: errno, doing: "lock") }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else { throw StoredFileError(errno: errno, doing: "lock") }
    }
    return try body()
  }

  func replace(_ url: URL, with data: Data) throws -> FileIdentity {
    try confirmWrite?(url)
    return try DurableFile.replace(url, with: data)
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

/// `read(2)` into `buffer`, named apart from ``DiskFiles/read(_:)``.
private func readBytes(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
  read(descriptor, buffer.baseAddress, buffer.count)
}
