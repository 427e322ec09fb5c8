import CoreDependencies
import Foundation

/// One demo at a time may change a data folder: the first takes an exclusive lock on
/// `.items.lock` in it and keeps it until it exits (the system drops it then, even after
/// `kill -9`); a second demo finds it taken and opens the folder read-only, saying so.
///
/// The folder is opened once (``OpenedFolder``) and every file of it is read and written
/// relative to that open folder, never through a link: ``folder`` for a read,
/// ``folderForWriting()`` for a write. A folder renamed, or its path swapped for a link, while
/// the demo runs is still the folder it writes in. The lock file is opened the same way and
/// used only when it is a plain file with no other names: a link (to `items.json`, or out of
/// the folder), a FIFO, a folder or a hard link is refused with one line, never written
/// through. Before each save the holder checks that the folder still exists and the lock
/// file is still the one it locked (a folder deleted while the demo ran would otherwise let a
/// second demo in); if not, it takes the lock again (in a new folder at the same path, when
/// the old one was deleted) or refuses the save.
public final class DataFolderLock: @unchecked Sendable {
  /// The folder this lock guards.
  public let directory: URL
  private let mutex = NSLock()
  private var descriptor: Int32
  private var opened: OpenedFolder
  private var fileIdentity: FileIdentity

  nonisolated(unsafe) private static var held: [String: DataFolderLock] = [:]
  private static let registryLock = NSLock()

  private init(directory: URL, taken: Taken) {
    self.directory = directory
    self.descriptor = taken.descriptor
    self.opened = taken.folder
    self.fileIdentity = taken.file
  }

  /// The folder this lock holds, opened: where the folder's files are read.
  public var folder: OpenedFolder {
    mutex.withLock { opened }
  }

  /// Before a write of any file of the folder (the items, the session, the settings, and
  /// whatever a later feature stores there): the folder to write it in, once ``confirm()``
  /// says this process still holds it; otherwise why nothing may be written.
  public func folderForWriting() throws(DataFolderLockRefusal) -> OpenedFolder {
    if let refusal = confirm() { throw refusal }
    return folder
  }

  /// The lock file's name in the folder.
  static let lockName = ".items.lock"

  /// The lock file's path in `directory`.
  public static func lockPath(in directory: URL) -> String {
    directory.appendingPathComponent(lockName).path
  }

  /// Takes `directory`'s lock for this process (creating the folder when needed), or says in
  /// one line why it cannot: another demo holds it, or the lock file is not a plain file of
  /// its own. A process that holds it already gets the same lock back.
  public static func acquire(_ directory: URL) -> Result<DataFolderLock, DataFolderLockRefusal> {
    registryLock.withLock {
      if let lock = held[directory.path] { return .success(lock) }
      switch take(directory) {
      case .success(let taken):
        let lock = DataFolderLock(directory: directory, taken: taken)
        held[directory.path] = lock
        return .success(lock)
      case .failure(let refusal):
        return .failure(refusal)
      }
    }
  }

  /// Before a write: nil while this process still holds the lock on the folder it locked.
  /// When the folder or the lock file was removed or replaced meanwhile, takes the lock
  /// again (nil) or returns why it cannot: then nothing may be written.
  public func confirm() -> DataFolderLockRefusal? {
    mutex.withLock {
      let deleted = opened.isDeleted
      if descriptor >= 0, !deleted, let file = opened.identity(of: Self.lockName),
        file.isSameFile(as: fileIdentity)
      {
        return nil
      }
      close(descriptor)
      descriptor = -1
      // A folder deleted is made again at its path, but never through a link put there.
      switch Self.take(directory, in: deleted ? nil : opened, followingLink: false) {
      case .success(let taken):
        descriptor = taken.descriptor
        opened = taken.folder
        fileIdentity = taken.file
        return nil
      case .failure(let refusal):
        return DataFolderLockRefusal(
          "\(directory.path) was removed or replaced while this demo ran, and it cannot be "
            + "locked again (\(refusal.reason))")
      }
    }
  }

  private struct Taken {
    let descriptor: Int32
    let folder: OpenedFolder
    let file: FileIdentity
  }

  /// Takes the lock in `opened`, or in the folder at `directory` (created when missing).
  private static func take(
    _ directory: URL, in opened: OpenedFolder? = nil, followingLink: Bool = true
  ) -> Result<Taken, DataFolderLockRefusal> {
    let path = lockPath(in: directory)
    let folder: OpenedFolder
    do {
      folder = try opened ?? OpenedFolder(directory, followingLink: followingLink)
    } catch {
      return .failure(DataFolderLockRefusal("\(error)"))
    }
    // No link followed, no wait on a FIFO, not inherited by programs the demo starts.
    let descriptor = folder.openFile(lockName, flags: O_RDWR | O_CREAT | O_NONBLOCK)
    guard descriptor >= 0 else {
      let reason: String
      switch errno {
      case ELOOP:
        reason = "\(path) is a symbolic link, not the demo's lock file; remove it (rm \(path))"
      case EISDIR:
        reason = "\(path) is a folder, not the demo's lock file; move it away"
      default:
        reason =
          "the lock file \(path) cannot be opened (\(String(cString: strerror(errno)))); "
          + "check the folder's permissions"
      }
      return .failure(DataFolderLockRefusal(reason))
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      close(descriptor)
      return .failure(DataFolderLockRefusal("the lock file \(path) cannot be examined"))
    }
    if status.st_mode & S_IFMT != S_IFREG {
      close(descriptor)
      return .failure(
        DataFolderLockRefusal(
          "\(path) is not a plain file (a FIFO or a device), so it is not the demo's lock "
            + "file; remove it (rm \(path))"))
    }
    if status.st_nlink != 1 {
      close(descriptor)
      return .failure(
        DataFolderLockRefusal(
          "\(path) has other names (\(status.st_nlink) hard links), so writing to it would "
            + "change another file; remove it (rm \(path))"))
    }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let holder = readHolder(descriptor)
      close(descriptor)
      return .failure(
        DataFolderLockRefusal(
          "another demo\(holder.map { " (pid \($0))" } ?? "") is using \(directory.path)"))
    }
    let pid = Array("\(getpid())\n".utf8)
    _ = ftruncate(descriptor, 0)
    _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    return .success(Taken(descriptor: descriptor, folder: folder, file: FileIdentity(status)))
  }

  /// The pid the holder wrote, read from the open lock file (at most a line).
  private static func readHolder(_ descriptor: Int32) -> String? {
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    let text = String(decoding: buffer[..<count], as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return text.isEmpty || !text.allSatisfy(\.isNumber) ? nil : text
  }
}

/// Why a data folder's lock cannot be taken: one line that names the path and what to do.
public struct DataFolderLockRefusal: Error, Equatable, Sendable, CustomStringConvertible {
  /// The line.
  public let reason: String

  init(_ reason: String) {
    self.reason = reason
  }

  /// The line.
  public var description: String { reason }
}
