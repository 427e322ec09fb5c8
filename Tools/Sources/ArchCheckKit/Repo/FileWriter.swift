import Foundation

/// Writes files the safe way: to a temporary file beside the target, then renamed over it, so
/// a failure never leaves a half-written file.
enum FileWriter {
  static func replace(_ url: URL, with text: String) throws(ArchCheckError) {
    try replace(url, with: Data(text.utf8))
  }

  /// `replace` for bytes that may not be text (a copied resource).
  static func replace(_ url: URL, with data: Data) throws(ArchCheckError) {
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).archcheck-\(UUID().uuidString)")
    do {
      WriteSteps.step()
      try data.write(to: temporary)
      WriteSteps.step()
      guard rename(temporary.path, url.path) == 0 else {
        throw ArchCheckError.file("cannot replace \(url.path): \(String(cString: strerror(errno)))")
      }
    } catch let error as ArchCheckError {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw .file("cannot write \(url.path): \(error.localizedDescription)")
    }
  }

  /// Deletes a file (one already gone is fine); throws when it stays.
  static func remove(_ url: URL) throws(ArchCheckError) {
    WriteSteps.step()
    guard unlink(url.path) == 0 || errno == ENOENT else {
      throw .file("cannot delete \(url.path): \(String(cString: strerror(errno)))")
    }
  }

  /// Deletes a folder and everything in it, one file at a time (the deepest first); what
  /// cannot be deleted stays.
  static func removeTree(_ folder: URL) {
    let fileManager = FileManager.default
    var paths: [String] = []
    if let enumerator = fileManager.enumerator(atPath: folder.path) {
      while let path = enumerator.nextObject() as? String { paths.append(path) }
    }
    for path in paths.sorted(by: >) {
      WriteSteps.step()
      let url = folder.appendingPathComponent(path)
      if unlink(url.path) != 0 { rmdir(url.path) }
    }
    WriteSteps.step()
    rmdir(folder.path)
  }

  /// `replace`, creating the file's folder first when it is missing.
  static func replaceCreatingFolder(_ url: URL, with text: String) throws(ArchCheckError) {
    try replaceCreatingFolder(url, with: Data(text.utf8))
  }

  /// `replace` of bytes, creating the file's folder first when it is missing.
  static func replaceCreatingFolder(_ url: URL, with data: Data) throws(ArchCheckError) {
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .file("cannot create \(folder.path): \(error.localizedDescription)")
    }
    try replace(url, with: data)
  }

  /// Runs `body` with Ctrl-C and SIGTERM held off (ignored), so a few milliseconds of writes
  /// are never cut short between two files; the previous handlers come back after.
  static func withInterruptsHeld<T>(_ body: () throws(ArchCheckError) -> T) throws(ArchCheckError)
    -> T
  {
    let previousInterrupt = signal(SIGINT, SIG_IGN)
    let previousTerminate = signal(SIGTERM, SIG_IGN)
    defer {
      signal(SIGINT, previousInterrupt)
      signal(SIGTERM, previousTerminate)
    }
    return try body()
  }
}
