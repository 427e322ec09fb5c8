import Foundation

/// Remembers the original bytes of every file the tool touches and puts them back on every
/// exit path: normal end, a failed build, an error of the tool, SIGINT, SIGTERM and SIGHUP.
/// With a journal (``useJournal(at:)``), what it remembers is also on disk before any file is
/// touched, so even `kill -9` loses nothing: the next run restores from the journal.
///
/// Register a file before changing it; a file that did not exist is deleted on restore.
public final class FileGuard: @unchecked Sendable {
  /// The guard of this process (signal handlers restore through it).
  public static let shared = FileGuard()

  /// A guard of its own; the tool uses ``shared``.
  public init() {}

  private let lock = NSLock()
  private var originals: [String: Data?] = [:]
  private var order: [String] = []
  private var cleanups: [URL] = []
  private var child: Process?
  private var signalSources: [any DispatchSourceSignal] = []
  private var journalURL: URL?
  private var interrupted = false

  /// Restores what an earlier run killed mid-edit left in the journal at `url`, then keeps
  /// this run's journal there. Returns the paths the earlier run had left edited.
  @discardableResult
  public func useJournal(at url: URL) throws(BuildTimeError) -> [String] {
    let restored = try EditJournal.recover(from: url)
    lock.withLock { journalURL = url }
    return restored
  }

  /// Keeps `url`'s current bytes (or its absence) unless already kept, on disk first when
  /// there is a journal.
  public func protect(_ url: URL) {
    lock.withLock {
      guard originals[url.path] == nil else { return }
      originals[url.path] = .some(try? Data(contentsOf: url))
      order.append(url.path)
      saveJournal()
    }
  }

  /// Keeps the given originals (nil: the file was absent) of the files not kept yet, with one
  /// write of the journal: for an edit whose files another tool writes (a route scaffolded).
  public func protect(_ originals: [URL: Data?]) {
    lock.withLock {
      for (url, data) in originals.sorted(by: { $0.key.path < $1.key.path })
      where self.originals[url.path] == nil {
        self.originals[url.path] = .some(data)
        order.append(url.path)
      }
      saveJournal()
    }
  }

  /// A folder to delete on every exit path (a temporary workspace).
  public func removeOnExit(_ url: URL) {
    lock.withLock {
      cleanups.append(url)
      saveJournal()
    }
  }

  /// Stops deleting `url` on exit (it was removed already).
  public func forget(_ url: URL) {
    lock.withLock {
      cleanups.removeAll { $0 == url }
      saveJournal()
    }
  }

  /// Whether a signal is stopping the tool; a build it cut short is not a failed build.
  public var isInterrupted: Bool { lock.withLock { interrupted } }

  /// Writes what is remembered now to the journal; called with the lock held.
  private func saveJournal() {
    guard let journalURL else { return }
    var journal = EditJournal()
    journal.files = order.map { path in
      EditJournal.File(path: path, original: originals[path].flatMap { $0?.base64EncodedString() })
    }
    journal.folders = cleanups.map(\.path)
    try? journal.save(to: journalURL)
  }

  /// The build running now, terminated if a signal arrives.
  public func setChild(_ process: Process?) {
    lock.withLock { child = process }
  }

  /// Puts every protected file back as it was, byte for byte, and forgets them. Returns the
  /// files that were written back (not those deleted).
  @discardableResult
  public func restoreAll() -> [URL] {
    let (files, originals) = lock.withLock { (order, self.originals) }
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
    // Forget them only once they are back, so a kill in between leaves them in the journal.
    lock.withLock {
      for path in files {
        self.originals[path] = nil
      }
      order.removeAll { files.contains($0) }
      saveJournal()
    }
    return written
  }

  /// When a signal is stopping the tool, waits for its handler to restore and exit, so the
  /// build it cut short is not reported as a failed build. Returns at once otherwise.
  public func waitIfInterrupted() {
    guard isInterrupted else { return }
    // The handler restores and exits; this thread only waits for that.
    for _ in 0..<600 {
      Thread.sleep(forTimeInterval: 0.1)
    }
  }

  /// Restores files, deletes temporary folders, and then the journal.
  public func cleanUp() {
    restoreAll()
    let folders = lock.withLock { () -> [URL] in
      defer { cleanups = [] }
      return cleanups
    }
    for folder in folders {
      try? FileManager.default.removeItem(at: folder)
    }
    if let journal = lock.withLock({ journalURL }) {
      try? FileManager.default.removeItem(at: journal)
    }
  }

  /// On SIGINT, SIGTERM or SIGHUP: stop the build, restore, clean up, exit 130, 143 or 129.
  public func installSignalHandlers() {
    let queue = DispatchQueue(label: "buildtime.signals")
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
      source.setEventHandler { [self] in
        let running = lock.withLock { () -> Process? in
          interrupted = true
          return child
        }
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
