import Foundation

/// Which file a path names and which version of it: device, inode, size and modification
/// time. Two equal identities are the same file, unchanged (as far as the system tells);
/// a file replaced by a rename or written to in place gets another.
public struct FileIdentity: Equatable, Sendable {
  /// The device the file is on.
  public let device: UInt64
  /// The file's number on its device.
  public let inode: UInt64
  /// Its size in bytes.
  public let size: Int64
  /// When it was last written: whole seconds since 1970.
  public let modifiedSeconds: Int
  /// When it was last written: the nanoseconds past ``modifiedSeconds``.
  public let modifiedNanoseconds: Int

  /// The identity `stat` or `fstat` reported.
  public init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    #if canImport(Darwin)
      modifiedSeconds = status.st_mtimespec.tv_sec
      modifiedNanoseconds = status.st_mtimespec.tv_nsec
    #else
      modifiedSeconds = status.st_mtim.tv_sec
      modifiedNanoseconds = status.st_mtim.tv_nsec
    #endif
  }

  /// The file at `path` (following links), or nil when there is none.
  public static func of(path: String) -> FileIdentity? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return FileIdentity(status)
  }

  /// The file open at `descriptor`.
  public static func of(descriptor: Int32) -> FileIdentity? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    return FileIdentity(status)
  }

  /// Whether two identities name the same file, whatever its contents.
  public func isSameFile(as other: FileIdentity) -> Bool {
    device == other.device && inode == other.inode
  }
}
