import Foundation
import Testing

@testable import CoreDependencies

/// What a stored value's file may be on disk: a regular file of a sane size. Anything else
/// (a FIFO, a device, a folder, a file past the cap) is refused at once with what it is,
/// never waited on or read without end.
@Suite("Stored files on disk")
struct StoredFileKindsTests {
  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "stored-files-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  private func refusal(_ url: URL) -> String? {
    do {
      _ = try DiskFiles().read(url)
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test("a regular file is read whole; a missing one is nothing stored")
  func regular() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("settings.json")
    #expect(try DiskFiles().read(file) == nil)
    try Data("{\"a\": 1}".utf8).write(to: file)
    #expect(try DiskFiles().read(file)?.data == Data("{\"a\": 1}".utf8))
  }

  @Test("a FIFO is refused at once, with no writer at its other end", .timeLimit(.minutes(1)))
  func fifo() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("settings.json")
    #expect(mkfifo(file.path, 0o644) == 0)
    #expect(refusal(file) == "it is a FIFO (named pipe), not a regular file")
  }

  @Test("a link to /dev/zero is refused as a link: never followed, so never read")
  func deviceLink() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("settings.json")
    try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/dev/zero")
    #expect(refusal(file)?.hasPrefix("it is a symbolic link, which is not followed") == true)
  }

  @Test("a folder in the file's place is named as one")
  func folderInPlace() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("settings.json")
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
    #expect(refusal(file) == "it is a folder, not a regular file")
  }

  @Test("FileKind names what a path is when it is not a regular file, links followed")
  func fileKind() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("items.json")
    #expect(FileKind.notARegularFile(atPath: file.path) == nil)
    try Data("[]".utf8).write(to: file)
    #expect(FileKind.notARegularFile(atPath: file.path) == nil)
    let fifo = folder.appendingPathComponent("pipe")
    #expect(mkfifo(fifo.path, 0o644) == 0)
    #expect(FileKind.notARegularFile(atPath: fifo.path) == "a FIFO (named pipe)")
    #expect(FileKind.notARegularFile(atPath: folder.path) == "a folder")
    let link = folder.appendingPathComponent("null")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/dev/null")
    #expect(FileKind.notARegularFile(atPath: link.path) == "a device")
  }

  @Test("a read-only view: a storage in memory that starts as a copy of the files on disk")
  func readOnlyCopy() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let settings = folder.appendingPathComponent("settings.json")
    try Data("{\"theme\": \"dark\"}".utf8).write(to: settings)
    let missing = folder.appendingPathComponent("missing.json")
    withDependencies {
      $0.defaultAppStorage = AppStorage(url: settings)
      $0.defaultFileStorage = .inMemory(copying: [settings, missing])
    } operation: {
      @Shared(.appStorage("theme")) var theme = "light"
      #expect(theme == "dark")
      $theme.withLock { $0 = "blue" }
      #expect(theme == "blue")
      @Shared(.fileStorage(missing)) var other = 0
      #expect(other == 0)
    }
    // The changes stayed in memory: the files on disk are as they were.
    #expect(try String(contentsOf: settings, encoding: .utf8) == "{\"theme\": \"dark\"}")
    #expect(!FileManager.default.fileExists(atPath: missing.path))
  }

  @Test("a file past the cap is refused with its size, not read into memory")
  func tooLarge() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("session.json")
    #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
    // Sparse: one byte past the cap costs no disk.
    #expect(truncate(file.path, off_t(DiskFiles.maximumSize + 1)) == 0)
    #expect(refusal(file) == "it is larger than 16 MiB, more than this file may hold")
    #expect(truncate(file.path, off_t(DiskFiles.maximumSize)) == 0)
    #expect(try DiskFiles().read(file)?.data.count == DiskFiles.maximumSize)
  }
}
