import CoreDependencies
import Foundation
import Testing

/// A folder's files read and written relative to the open folder, never through a link, and
/// never outside it whatever name is asked for.
@Suite("OpenedFolder")
struct OpenedFolderTests {
  private func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("opened-folder-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("a read refuses a link, in the folder or out of it, and says what it found")
  func readRefusesLinks() throws {
    let root = try scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = try OpenedFolder(root.appendingPathComponent("data"))
    try Data("outside".utf8).write(to: root.appendingPathComponent("outside.json"))
    try Data("inside".utf8).write(to: folder.url.appendingPathComponent("items.json"))
    for target in ["../outside.json", "items.json", "/dev/zero", "missing.json"] {
      let link = folder.url.appendingPathComponent("link.json")
      try? FileManager.default.removeItem(at: link)
      try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target)
      let refusal = #expect(throws: DurableFileError.self) {
        try folder.read("link.json", atMost: 1024)
      }
      #expect(refusal?.refusedKind == "a symbolic link", "\(target)")
      #expect(refusal?.description.hasPrefix("it is a symbolic link") == true)
    }
    #expect(try folder.read("missing.json", atMost: 1024) == nil)
    #expect(try folder.read("items.json", atMost: 1024)?.data == Data("inside".utf8))
  }

  @Test("a read refuses a FIFO at once and a file past its limit before reading it")
  func readRefusesWhatIsNotAFile() throws {
    let root = try scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = try OpenedFolder(root)
    #expect(mkfifo(root.appendingPathComponent("pipe").path, 0o644) == 0)
    let fifo = #expect(throws: DurableFileError.self) { try folder.read("pipe", atMost: 1024) }
    #expect(fifo?.refusedKind == "a FIFO (named pipe)")
    try Data(count: 2048).write(to: root.appendingPathComponent("large"))
    let large = #expect(throws: DurableFileError.self) { try folder.read("large", atMost: 1024) }
    #expect(large?.description.contains("larger than") == true)
  }

  @Test("a replace puts a file in a link's place and leaves what the link led to alone")
  func replaceNeverWritesThroughALink() throws {
    let root = try scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = try OpenedFolder(root.appendingPathComponent("data"))
    let outside = root.appendingPathComponent("outside.json")
    try Data("outside".utf8).write(to: outside)
    let link = folder.url.appendingPathComponent("items.json")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)
    let written = try folder.replace("items.json", with: Data("new".utf8))
    #expect(try String(contentsOf: outside, encoding: .utf8) == "outside")
    #expect(try folder.read("items.json", atMost: 1024)?.data == Data("new".utf8))
    #expect(folder.identity(of: "items.json") == written)
    #expect(folder.temporaries(of: "items.json").isEmpty)
  }

  @Test("a name that is not one entry of the folder is refused: nothing is made outside it")
  func namesStayInTheFolder() throws {
    let root = try scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = try OpenedFolder(root.appendingPathComponent("data"))
    for name in ["../escape.json", "sub/file.json", "..", ".", ""] {
      #expect(throws: DurableFileError.self) { try folder.replace(name, with: Data("x".utf8)) }
      #expect(throws: DurableFileError.self) { try folder.read(name, atMost: 1024) }
      #expect(!folder.remove(name))
      #expect(!folder.move("x", to: name))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["data"])
    #expect(folder.entries() == [])
  }

  @Test("a move never replaces an entry that has the new name; a missing folder is nil")
  func moveKeepsWhatIsThere() throws {
    let root = try scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = try OpenedFolder(root)
    _ = try folder.replace("a.json", with: Data("a".utf8))
    _ = try folder.replace("b.json", with: Data("b".utf8))
    #expect(!folder.move("a.json", to: "b.json"))
    #expect(try folder.read("b.json", atMost: 8)?.data == Data("b".utf8))
    #expect(folder.move("a.json", to: "c.json"))
    #expect(folder.entries().sorted() == ["b.json", "c.json"])
    #expect(try OpenedFolder.existing(root.appendingPathComponent("none")) == nil)
  }
}
