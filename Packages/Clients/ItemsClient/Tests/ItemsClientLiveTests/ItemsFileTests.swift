import CoreDependencies
import Foundation
import ItemsClient
import ItemsClientLive
import Testing

/// The item file under bad contents, newer versions, unknown fields, links and permissions.
@Suite("ItemsFile")
struct ItemsFileTests {
  private func folder() throws -> URL {
    try temporaryFolder("items-file")
  }

  private func item(_ id: String, _ name: String = "Tea", quantity: String = "1") -> String {
    """
    {"id": "\(id)", "name": \(name.hasPrefix("\"") ? name : "\"\(name)\""), "quantity": \(quantity), "note": ""}
    """
  }

  private let one = "00000000-0000-0000-0000-000000000001"
  private let two = "00000000-0000-0000-0000-000000000002"

  @Test(
    "bad contents are refused, naming the item and the field, and the file is left as it was",
    arguments: [
      ("{\"version\": 1, \"items\": [ITEM1, ITEM1]}", "items 1 and 2 have the same id"),
      (
        "{\"version\": 1, \"items\": [ITEM1, QTY-5]}",
        "item 2: quantity must be a whole number from 0 to 9999, got -5"
      ),
      (
        "{\"version\": 1, \"items\": [QTY10000]}",
        "item 1: quantity must be a whole number from 0 to 9999, got 10000"
      ),
      (
        "{\"version\": 1, \"items\": [QTYTEXT]}",
        "item 1: quantity must be a whole number from 0 to 9999, got \"two\""
      ),
      ("{\"version\": 1, \"items\": [ITEM1, EMPTYNAME]}", "item 2: name is empty"),
      ("{\"version\": 1, \"items\": [BADID]}", "item 1: id must be a UUID"),
      ("{\"version\": 1, \"items\": [3]}", "item 1 must be an object, got a number"),
      ("{\"version\": 1}", "\"items\" must be a list"),
      ("{\"items\": []}", "\"version\" must be a whole number of 1 or more"),
      ("[1, 2]", "the file must be an object"),
      ("{ not json", "the file is not JSON"),
    ])
  func badContents(template: String, reason: String) throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let text =
      template
      .replacingOccurrences(of: "ITEM1", with: item(one))
      .replacingOccurrences(of: "QTY-5", with: item(two, quantity: "-5"))
      .replacingOccurrences(of: "QTY10000", with: item(two, quantity: "10000"))
      .replacingOccurrences(of: "QTYTEXT", with: item(two, quantity: "\"two\""))
      .replacingOccurrences(of: "EMPTYNAME", with: item(two, "\"   \""))
      .replacingOccurrences(of: "BADID", with: item("not-a-uuid"))
    let file = ItemsFile(directory: directory)
    try Data(text.utf8).write(to: file.url)
    #expect {
      _ = try file.load()
    } throws: { error in
      let message = (error as? ItemsFileError)?.errorDescription ?? ""
      return message.hasPrefix("\(file.url.path) is not a valid item list: \(reason)")
    }
    #expect(try String(contentsOf: file.url, encoding: .utf8) == text)
  }

  @Test("a file from a newer version opens read-only: items show, a save is refused, untouched")
  func newerVersion() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = ItemsFile(directory: directory)
    let text = "{\"version\": 99, \"items\": [\(item(one))], \"colour\": \"blue\"}"
    try Data(text.utf8).write(to: file.url)
    #expect(try file.load().map(\.name) == ["Tea"])
    #expect(file.readOnlyReason?.contains("newer version of the demo (version 99") == true)
    #expect {
      try file.save([])
    } throws: { error in
      (error as? ItemsFileError)?.errorDescription?.contains("is open read-only, nothing was saved")
        == true
    }
    #expect(try String(contentsOf: file.url, encoding: .utf8) == text)
  }

  @Test("fields this version does not know are written back by a save")
  func unknownFieldsKept() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = ItemsFile(directory: directory)
    let text = """
      {"version": 1, "owner": {"name": "Ann", "tags": [1, 2.5, true, null]},
       "items": [{"id": "\(one)", "name": "Tea", "quantity": 1, "note": "", "aisle": 7}]}
      """
    try Data(text.utf8).write(to: file.url)
    var items = try file.load()
    items[0].quantity = 3
    items.append(Item(id: UUID(counting: 2), name: "Milk"))
    try file.save(items)
    let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: file.url)) as? [String: Any]
    let owner = saved?["owner"] as? [String: Any]
    #expect(owner?["name"] as? String == "Ann")
    #expect((owner?["tags"] as? [Any])?.count == 4)
    let savedItems = saved?["items"] as? [[String: Any]]
    #expect(savedItems?.first?["aisle"] as? Int == 7)
    #expect(savedItems?.first?["quantity"] as? Int == 3)
    #expect(savedItems?.count == 2)
    #expect(try ItemsFile(directory: directory).load().map(\.quantity) == [3, 1])
  }

  @Test("a save keeps the file's permissions")
  func permissionsKept() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = ItemsFile(directory: directory)
    try Data("{\"version\": 1, \"items\": []}".utf8).write(to: file.url)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.url.path)
    _ = try file.load()
    try file.save([Item(id: UUID(counting: 1), name: "Tea")])
    #expect(try ItemsFile(directory: directory).load().map(\.name) == ["Tea"])
    let mode = try FileManager.default.attributesOfItem(atPath: file.url.path)[.posixPermissions]
    #expect((mode as? NSNumber)?.intValue == 0o600)
  }

  @Test("a folder where the file should be is named as such, with what to do")
  func folderInsteadOfFile() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = ItemsFile(directory: directory)
    try FileManager.default.createDirectory(at: file.url, withIntermediateDirectories: true)
    #expect {
      _ = try file.load()
    } throws: { error in
      let message = (error as? ItemsFileError)?.errorDescription ?? ""
      return message.contains("it is a folder, not a file; move it away")
        && !message.contains("error 256")
    }
  }

  @Test("a FIFO where the file should be is named as one, not as a permission problem")
  func fifoInsteadOfFile() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = ItemsFile(directory: directory)
    #expect(mkfifo(file.url.path, 0o644) == 0)
    #expect {
      _ = try file.load()
    } throws: { error in
      let message = (error as? ItemsFileError)?.errorDescription ?? ""
      return message.contains("it is a FIFO (named pipe), not a file; move it away")
        && !message.contains("permission")
    }
  }

  @Test("part of a list a killed save left behind is deleted with a notice; the list is not")
  func staleTemporaries() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = ItemsFile(directory: directory)
    _ = try file.load()
    try file.save([Item(id: UUID(counting: 1), name: "Tea")])
    let stale = directory.appendingPathComponent(".items.json.\(UUID().uuidString).tmp")
    try Data("half a list".utf8).write(to: stale)
    let notices = file.recoverStaleTemporaries()
    #expect(notices.count == 1)
    #expect(notices.first?.hasPrefix("A save cut short left part of a list") == true)
    #expect(!FileManager.default.fileExists(atPath: stale.path))
    #expect(try file.load().map(\.name) == ["Tea"])
  }

  /// A whole list, as a save writes it, by another file: the temporary a killed save left.
  private func wholeList(_ names: [String], in directory: URL) throws -> URL {
    let other = ItemsFile(url: directory.appendingPathComponent("scratch.json"))
    _ = try other.load()
    try other.save(
      names.enumerated().map { Item(id: UUID(counting: UInt64($0.offset + 1)), name: $0.element) })
    let temporary = directory.appendingPathComponent(".items.json.\(UUID().uuidString).tmp")
    try FileManager.default.moveItem(at: other.url, to: temporary)
    return temporary
  }

  @Test("a whole list a killed first save left becomes the list, with a notice")
  func wholeFirstSaveKept() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let temporary = try wholeList(["Pear"], in: directory)
    let file = ItemsFile(directory: directory)
    let notices = file.recoverStaleTemporaries()
    #expect(
      notices == [
        "A save cut short left a whole list of 1 item, and there was no items.json: it is the list now."
      ])
    #expect(!FileManager.default.fileExists(atPath: temporary.path))
    #expect(try file.load().map(\.name) == ["Pear"])
  }

  @Test("a whole list beside an existing one is kept as items.recovered.json, never over it")
  func wholeSaveKeptBeside() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = ItemsFile(directory: directory)
    _ = try file.load()
    try file.save([Item(id: UUID(counting: 9), name: "Tea")])
    _ = try wholeList(["Pear", "Fig"], in: directory)
    _ = try wholeList(["Kiwi"], in: directory)
    let notices = file.recoverStaleTemporaries()
    let recovered = ["items.recovered.json", "items.recovered-2.json"]
    #expect(notices.count == 2)
    for (notice, name) in zip(notices, recovered) {
      #expect(notice.contains("it is kept as \(directory.appendingPathComponent(name).path)"))
    }
    #expect(try file.load().map(\.name) == ["Tea"])
    let kept = try recovered.map {
      try ItemsFile(url: directory.appendingPathComponent($0)).load().map(\.name)
    }
    #expect(Set(kept) == [["Pear", "Fig"], ["Kiwi"]])
  }
}
