import Foundation
import ItemsClient
import ItemsClientLive
import Testing

/// A save never replaces a file this value did not read, or one another program changed
/// since; an unchanged file is not read twice.
@Suite("ItemsFile and other writers")
struct ItemsFileChangeTests {
  private func folder() throws -> URL {
    try temporaryFolder("items-change")
  }

  private let tea = Item(id: UUID(counting: 1), name: "Tea")

  @Test("a save over a file that was never read is refused and the file keeps its items")
  func neverReadIsNotSaved() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = ItemsFile(directory: directory)
    let text =
      "{\"version\": 1, \"items\": [{\"id\": \"\(tea.id)\", \"name\": \"Tea\", \"quantity\": 1}]}"
    try Data(text.utf8).write(to: file.url)
    #expect {
      try file.save([])
    } throws: { error in
      (error as? ItemsFileError)?.errorDescription?.contains("has not read the file yet") == true
    }
    #expect(try String(contentsOf: file.url, encoding: .utf8) == text)
  }

  @Test("a file another program changed since the read is not overwritten; a load picks it up")
  func changedElsewhere() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = ItemsFile(directory: directory)
    _ = try file.load()
    try file.save([tea])
    let theirs = "{\"version\": 1, \"items\": []}"
    try Data(theirs.utf8).write(to: file.url)
    #expect(throws: ItemsFileError.changedElsewhere(path: file.url.path)) {
      try file.save([tea, Item(id: UUID(counting: 2), name: "Milk")])
    }
    #expect(try String(contentsOf: file.url, encoding: .utf8) == theirs)
    #expect(try file.load() == [])
    try file.save([tea])
    #expect(try ItemsFile(directory: directory).load() == [tea])
  }

  @Test("a file created by another program after this one found none is not overwritten")
  func createdElsewhere() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = ItemsFile(directory: directory)
    #expect(try file.load() == [])
    try Data("{\"version\": 1, \"items\": []}".utf8).write(to: file.url)
    #expect(throws: ItemsFileError.changedElsewhere(path: file.url.path)) { try file.save([tea]) }
  }

  @Test("an unchanged file is not read again; a changed one is")
  func unchangedFileIsNotReadAgain() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = ItemsFile(directory: directory)
    _ = try file.load()
    try file.save([tea])
    #expect(file.lastKnownItems == [tea])
    // Unreadable now, yet unchanged as far as the system tells: the list it has is returned.
    #expect(chmod(file.url.path, 0o000) == 0 || getuid() == 0)
    #expect(try file.load() == [tea])
    #expect(chmod(file.url.path, 0o644) == 0)
    let milk = Item(id: UUID(counting: 2), name: "Milk")
    try ItemsFile(directory: directory).saveAfterLoad([milk])
    #expect(try file.load() == [milk])
  }
}

extension ItemsFile {
  /// Reads, then saves: what a demo does.
  func saveAfterLoad(_ items: [Item]) throws {
    _ = try load()
    try save(items)
  }
}
