import Foundation

/// Where `.fileStorage` and `.appStorage` values are read and written: the disk in an app
/// (``fileSystem(saveDelay:)``), memory in tests and previews (``inMemory``), so a test never
/// touches the user's files unless it sets `defaultFileStorage` to the file system itself.
///
/// Each file's value has one box, whichever `Shared` asks for it first.
public final class FileStorage: Sendable {
  private let files: any StoredFiles
  private let saveDelay: Duration
  private let registry = SharedRegistry(keyKind: "stored value")

  private init(files: any StoredFiles, saveDelay: Duration) {
    self.files = files
    self.saveDelay = saveDelay
  }

  /// Files on disk. A change is saved once no other change came for `saveDelay` (many quick
  /// changes, one write), atomically (a temporary file, `fsync`, rename), under a lock file
  /// beside it (`.name.lock`) that every process takes before it writes, and never over a
  /// file another process changed after this one read it.
  public static func fileSystem(saveDelay: Duration = .seconds(1)) -> FileStorage {
    FileStorage(files: DiskFiles(), saveDelay: saveDelay)
  }

  /// Files on disk, as ``fileSystem(saveDelay:)``, all in the one folder a program opened and
  /// checked, read and written relative to it (so a path swapped for a link meanwhile cannot
  /// send them elsewhere). `folder` is asked for it before each read and, with `forWriting`
  /// true, before each write, which it may refuse (a program that shares the folder with
  /// others checks that it still holds the folder's lock, say): what it throws is the save's
  /// failure, nothing is written, and the change stays unsaved for ``save()`` to try again.
  /// A value whose file is not in that folder is never read or written.
  public static func fileSystem(
    saveDelay: Duration = .seconds(1),
    folder: @escaping @Sendable (_ forWriting: Bool) throws -> OpenedFolder
  ) -> FileStorage {
    let files = DiskFiles { url, forWriting in
      let opened = try folder(forWriting)
      guard
        url.deletingLastPathComponent().standardizedFileURL.path
          == opened.url.standardizedFileURL.path
      else {
        throw StoredFileError(description: "it is not in the folder \(opened.url.path)")
      }
      return opened
    }
    return FileStorage(files: files, saveDelay: saveDelay)
  }

  /// Files in memory, each change saved at once; the storage of tests and previews. A new,
  /// empty storage each time it is read (swift-sharing's spelling).
  public static var inMemory: FileStorage {
    FileStorage(files: InMemoryFiles(), saveDelay: .zero)
  }

  /// Files in memory that start as a copy of `urls` on disk (read as the file system reads
  /// them: regular files only, never through a link, up to its size cap; a file that cannot
  /// be read starts absent):
  /// a read-only view of them, for a program that may read its settings but not write them.
  /// Changes stay in memory.
  public static func inMemory(copying urls: [URL]) -> FileStorage {
    let files = InMemoryFiles()
    for url in urls {
      if let stored = try? DiskFiles().read(url) {
        _ = try? files.replace(url, with: stored.data)
      }
    }
    return FileStorage(files: files, saveDelay: .zero)
  }

  /// Saves every change that is waiting for its quiet moment, now: before a program ends.
  /// Tries every value; throws the first failure.
  public func save() throws(SharedStorageError) {
    var firstFailure: SharedStorageError?
    for reference in registry.all {
      do {
        try (reference as? any StoredReference)?.save()
      } catch {
        firstFailure = firstFailure ?? error
      }
    }
    if let firstFailure { throw firstFailure }
  }

  /// Waits for the saves that are waiting for their quiet moment (with a test clock, advance
  /// it first).
  public func waitForSaves() async {
    for reference in registry.all {
      await (reference as? any StoredReference)?.waitForSave()
    }
  }

  /// The box of the value stored as `key` at `location`, read from it the first time.
  func reference<Value: Codable & Sendable>(
    key: String, initialValue: () -> Value, at location: (any StoredFiles) -> some StoredLocation
  ) -> SharedReference<Value> {
    registry.reference(for: key) {
      // Saving at once needs no clock (and a test's clock may be unimplemented).
      let clock = saveDelay == .zero ? ImmediateClock() : DependencyValues.current.continuousClock
      let (value, persistence) = PersistedValue<Value, _>.open(
        location(files), saveDelay: saveDelay, clock: clock, initialValue: initialValue)
      return SharedReference(value, persistence: persistence)
    }
  }
}

/// A box whose value is stored, seen without its value's type.
protocol StoredReference: Sendable {
  func save() throws(SharedStorageError)
  func waitForSave() async
}

extension SharedReference: StoredReference {
  func waitForSave() async {
    await persistence?.waitForSave()
  }
}

/// A value kept in a file of its own, as JSON, as TCA's `.fileStorage(url)`.
public struct FileStorageKey<Value: Codable & Sendable>: SharedKey {
  /// The file.
  public let url: URL

  /// The box of the file's value in the current file storage.
  public func reference(initialValue: () -> Value) -> SharedReference<Value> {
    DependencyValues.current.defaultFileStorage.reference(
      key: url.standardizedFileURL.path, initialValue: initialValue
    ) { WholeFile(url: url, files: $0) }
  }
}

extension SharedKey {
  /// A value kept in the file at `url`, as JSON: read when first asked for, saved after each
  /// change (see ``FileStorage``).
  public static func fileStorage<Kept: Codable & Sendable>(_ url: URL) -> Self
  where Self == FileStorageKey<Kept> {
    FileStorageKey(url: url)
  }
}

extension DependencyValues {
  /// Where stored shared values are read and written: the disk in an app, memory in tests and
  /// previews.
  public var defaultFileStorage: FileStorage {
    get { self[FileStorageDependency.self] }
    set { self[FileStorageDependency.self] = newValue }
  }
}

private enum FileStorageDependency: DependencyKey {
  static var liveValue: FileStorage { .fileSystem() }
  static var testValue: FileStorage { .inMemory }
  static var previewValue: FileStorage { .inMemory }
}
