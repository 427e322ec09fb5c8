import Foundation

/// Writes files the safe way: to a temporary file beside the target, then renamed over it, so
/// a failure never leaves a half-written file.
enum FileWriter {
  static func replace(_ url: URL, with text: String) throws(ArchCheckError) {
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).archcheck-\(UUID().uuidString)")
    do {
      try Data(text.utf8).write(to: temporary)
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
}
