import Foundation

/// One demo at a time may change a data folder: the first takes an exclusive lock on
/// `.items.lock` in it and keeps it until it exits (the system drops it then, even after
/// `kill -9`); a second demo finds it taken and opens the folder read-only, saying so.
public enum DataFolderLock {
  nonisolated(unsafe) private static var held: [String: Int32] = [:]
  private static let guardLock = NSLock()

  /// Takes the folder's lock for this process. Returns nil when it is taken; otherwise a
  /// description of who holds it, for the message.
  public static func acquire(_ directory: URL) -> String? {
    guardLock.withLock {
      if held[directory.path] != nil { return nil }
      try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let path = directory.appendingPathComponent(".items.lock").path
      let descriptor = open(path, O_RDWR | O_CREAT, 0o644)
      guard descriptor >= 0 else {
        return "the lock file \(path) cannot be opened (\(String(cString: strerror(errno))))"
      }
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
        let holder = (try? String(contentsOfFile: path, encoding: .utf8))?
          .trimmingCharacters(in: .whitespacesAndNewlines)
        close(descriptor)
        return "another demo\(holder.map { " (pid \($0))" } ?? "") is using \(directory.path)"
      }
      let pid = "\(getpid())\n"
      _ = ftruncate(descriptor, 0)
      _ = pid.withCString { write(descriptor, $0, strlen($0)) }
      held[directory.path] = descriptor
      return nil
    }
  }
}
