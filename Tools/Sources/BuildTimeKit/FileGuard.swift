import Foundation

/// Remembers the original bytes of every file the tool touches and puts them back on every
/// exit path: normal end, a failed build, an error of the tool, SIGINT and SIGTERM.
///
/// Register a file before changing it; a file that did not exist is deleted on restore.
public final class FileGuard: @unchecked Sendable {
  /// The guard of this process (signal handlers restore through it).
  public static let shared = FileGuard()

  private let lock = NSLock()
  private var originals: [String: Data?] = [:]
  private var order: [String] = []
  private var cleanups: [URL] = []
  private var child: Process?
  private var signalSources: [any DispatchSourceSignal] = []

  /// Keeps `url`'s current bytes (or its absence) unless already kept.
  public func protect(_ url: URL) {
    lock.withLock {
      guard originals[url.path] == nil else { return }
      originals[url.path] = .some(try? Data(contentsOf: url))
      order.append(url.path)
    }
  }

  /// A folder to delete on every exit path (a temporary workspace).
  public func removeOnExit(_ url: URL) {
    lock.withLock { cleanups.append(url) }
  }

  /// Stops deleting `url` on exit (it was removed already).
  public func forget(_ url: URL) {
    lock.withLock { cleanups.removeAll { $0 == url } }
  }

  /// The build running now, terminated if a signal arrives.
  public func setChild(_ process: Process?) {
    lock.withLock { child = process }
  }

  /// Puts every protected file back as it was, byte for byte, and forgets them. Returns the
  /// files that were written back (not those deleted).
  @discardableResult
  public func restoreAll() -> [URL] {
    let (files, originals) = lock.withLock { () -> ([String], [String: Data?]) in
      defer {
        self.originals = [:]
        self.order = []
      }
      return (order, self.originals)
    }
    var written: [URL] = []
    for path in files.reversed() {
      let url = URL(fileURLWithPath: path)
      switch originals[path] {
      case .some(.some(let data)):
        try? data.write(to: url)
        written.append(url)
      default:
        try? FileManager.default.removeItem(at: url)
      }
    }
    return written
  }

  /// Restores files and deletes temporary folders.
  public func cleanUp() {
    restoreAll()
    let folders = lock.withLock { () -> [URL] in
      defer { cleanups = [] }
      return cleanups
    }
    for folder in folders {
      try? FileManager.default.removeItem(at: folder)
    }
  }

  /// On SIGINT or SIGTERM: stop the build, restore, clean up, exit 130 or 143.
  public func installSignalHandlers() {
    let queue = DispatchQueue(label: "buildtime.signals")
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
      source.setEventHandler { [self] in
        let running = lock.withLock { child }
        if let running, running.isRunning {
          running.terminate()
          running.waitUntilExit()
        }
        cleanUp()
        FileHandle.standardError.write(
          Data("buildtime: interrupted; every file touched was restored\n".utf8))
        exit(128 + signalNumber)
      }
      source.resume()
      lock.withLock { signalSources.append(source) }
    }
  }
}
