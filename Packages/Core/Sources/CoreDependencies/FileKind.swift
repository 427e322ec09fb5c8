import Foundation

/// What a path in a data folder is when it is not a regular file, in words a message can
/// use: every stored file (a shared value's, the demo's items and session) refuses the same
/// things and names them the same way.
///
/// ```swift
/// if let kind = FileKind.notARegularFile(atPath: url.path) {
///   throw .unreadable(path: url.path, reason: "it is \(kind), not a file")  // "a FIFO (named pipe)"
/// }
/// ```
public enum FileKind {
  /// What the path is, when it exists (links followed) and is not a regular file: "a folder",
  /// "a FIFO (named pipe)", "a device", "a socket"; nil for a regular file or nothing there.
  public static func notARegularFile(atPath path: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return notARegularFile(mode: status.st_mode)
  }

  /// What a symbolic link is called: the kind an entry read without following links has.
  public static let symbolicLink = "a symbolic link"

  /// The same, for a mode `stat`, `lstat` or `fstat` gave.
  public static func notARegularFile(mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a folder"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR, S_IFBLK: "a device"
    case S_IFSOCK: "a socket"
    case S_IFLNK: symbolicLink
    default: "not a file"
    }
  }
}
