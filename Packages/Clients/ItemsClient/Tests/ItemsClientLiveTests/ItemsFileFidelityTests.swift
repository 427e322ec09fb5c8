import CoreDependencies
import Foundation
import ItemsClient
import ItemsClientLive
import Testing

/// A save writes back what it did not change exactly as the file had it, and a file's odd but
/// valid contents get messages that name the item and field.
@Suite("ItemsFile fidelity")
struct ItemsFileFidelityTests {
  private func folder() throws -> URL {
    try temporaryFolder("items-fidelity")
  }

  @Test(
    "a field this version does not read is written back byte for byte",
    arguments: [
      "123456789012345678901234567890", "18446744073709551615", "-0.0", "1.10", "1E+2",
      "{\"a\" :  [1, 2.50,\n  {\"b\": null}]}", "\"caf\\u00e9 \\ud83c\\udf75\"", "[]", "true",
    ])
  func unknownFieldsByteForByte(value: String) throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = ItemsFile(directory: directory)
    let text = """
      {"version": 1, "serial": \(value), "items": [
        {"id": "00000000-0000-0000-0000-000000000001", "name": "Tea", "quantity": 1,
         "note": "", "extra": \(value)}]}
      """
    try Data(text.utf8).write(to: file.url)
    var items = try file.load()
    items[0].quantity = 2
    try file.save(items)
    let saved = try String(contentsOf: file.url, encoding: .utf8)
    #expect(saved.contains("\"serial\": \(value)"))
    #expect(saved.contains("\"extra\": \(value)"))
    #expect(try ItemsFile(directory: directory).load().map(\.quantity) == [2])
  }

  @Test("a name with surrounding spaces and an id in lowercase are written back as they were")
  func storedSpellingsKept() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = ItemsFile(directory: directory)
    let id = "0000000a-0000-0000-0000-00000000000b"
    let text = """
      {"version": 1, "items": [{"id": "\(id)", "name": "  Tea  ", "quantity": 1, "note": ""},
        {"id": "00000000-0000-0000-0000-000000000002", "name": "Milk", "quantity": 1}]}
      """
    try Data(text.utf8).write(to: file.url)
    var items = try file.load()
    #expect(items[0].name == "  Tea  ")
    items[1].quantity = 5
    try file.save(items)
    let saved = try String(contentsOf: file.url, encoding: .utf8)
    #expect(saved.contains("\"name\": \"  Tea  \""))
    #expect(saved.contains("\"id\": \"\(id)\""))
  }

  @Test("what a save writes is JSON any reader takes, with every string escaped")
  func writtenJSONIsValid() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = ItemsFile(directory: directory)
    _ = try file.load()
    let name = "Quote \" back\\slash \u{1B}[2J tab\t new\nline é 🍵"
    try file.save([Item(id: UUID(counting: 1), name: name, note: "/ \u{7F}")])
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file.url))
    let items = (object as? [String: Any])?["items"] as? [[String: Any]]
    #expect(items?.first?["name"] as? String == name)
    #expect(items?.first?["note"] as? String == "/ \u{7F}")
    #expect(try ItemsFile(directory: directory).load().first?.name == name)
  }

  @Test(
    "valid JSON with values out of range names the item and field",
    arguments: [
      ("\"quantity\": 1e309", "item 1: quantity must be a whole number from 0 to 9999, got 1e309"),
      ("\"quantity\": 2.0", "item 1: quantity must be a whole number from 0 to 9999, got 2.0"),
      (
        "\"quantity\": 99999999999999999999",
        "item 1: quantity must be a whole number from 0 to 9999, got 99999999999999999999"
      ),
      ("\"quantity\": 1, \"quantity\": 2", "item 1: \"quantity\" is given twice; keep one"),
    ])
  func outOfRange(fields: String, reason: String) throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = ItemsFile(directory: directory)
    let text = """
      {"version": 1, "items": [{"id": "00000000-0000-0000-0000-000000000001", "name": "Tea", \(fields)}]}
      """
    try Data(text.utf8).write(to: file.url)
    #expect(throws: ItemsFileError.corrupt(path: file.url.path, reason: reason)) {
      try file.load()
    }
  }

  @Test(
    "a one-character name of 500,001 Unicode scalars is refused: the limit counts what is stored")
  func combiningMarksCount() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = ItemsFile(directory: directory)
    let name = "e" + String(repeating: "\u{301}", count: 500_000)
    #expect(name.count == 1)
    let text = """
      {"version": 1, "items": [{"id": "00000000-0000-0000-0000-000000000001", "name": "\(name)", "quantity": 1}]}
      """
    try Data(text.utf8).write(to: file.url)
    #expect(
      throws: ItemsFileError.corrupt(
        path: file.url.path,
        reason: "item 1: name has 500001 characters (accents counted apart), more than 200")
    ) {
      try file.load()
    }
    #expect(ItemName.validate(name) == .failure(.tooLong(500_001)))
  }

  @Test(
    "text that is not JSON is refused with where it goes wrong",
    arguments: [
      (
        "{\"version\": 1, \"items\": [}",
        "the file is not JSON (expected a value at line 1, column 26)"
      ),
      (
        "{\"version\": 1,\n \"items\": [] x",
        "the file is not JSON (expected , or } after a field at line 2, column 14)"
      ),
      (
        "{\"version\": 1, \"items\": [], \"a\": 01}",
        "the file is not JSON (a number cannot start with 0"
      ),
      (
        "{\"version\": 1, \"items\": [], \"a\": \"\u{1}\"}",
        "the file is not JSON (a string holds a control character"
      ),
      (
        "{\"version\": 1, \"items\": [], \"a\": \"\\ud800\"}",
        "the file is not JSON (a \\u escape holds half of a surrogate pair"
      ),
      (
        "{\"version\": 1, \"items\": [], \"a\": " + String(repeating: "[", count: 100_000) + "}",
        "the file is not JSON (lists and objects nest deeper than 512 levels"
      ),
    ])
  func notJSON(text: String, reason: String) throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = ItemsFile(directory: directory)
    try Data(text.utf8).write(to: file.url)
    #expect {
      try file.load()
    } throws: { error in
      guard case .corrupt(_, let found)? = error as? ItemsFileError else { return false }
      return found.hasPrefix(reason)
    }
  }

  @Test("bytes that are not UTF-8 inside a string are refused, not repaired")
  func invalidUTF8() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = ItemsFile(directory: directory)
    var bytes = Array("{\"version\": 1, \"items\": [], \"a\": \"".utf8)
    bytes += [0xFF, 0xFE]
    bytes += Array("\"}".utf8)
    try Data(bytes).write(to: file.url)
    #expect {
      try file.load()
    } throws: { error in
      guard case .corrupt(_, let found)? = error as? ItemsFileError else { return false }
      return found.contains("a string holds bytes that are not UTF-8 text")
    }
  }
}
