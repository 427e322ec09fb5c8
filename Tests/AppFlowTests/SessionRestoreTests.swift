import AppFeature
import CoreTesting
import EntryFeature
import Foundation
import FugaFeature
import HogeFeature
import ItemListFeature
import Testing

/// The session file, run as a person runs the demo: what quitting keeps, what the next start
/// restores, and every way the file can be wrong (corrupt, newer, cut short by kill -9).
@Suite("A restored session, end to end")
struct SessionRestoreTests {
  private func demo(_ folder: URL, _ arguments: [String] = [], input: String = "") async throws
    -> BuiltExecutable.Result
  {
    try await BuiltExecutable.run(
      atPath: try DemoEndToEndTests.demoPath.get(),
      arguments: ["--data-dir", folder.path] + arguments, input: input)
  }

  private func session(in folder: URL) throws -> [String: Any] {
    let data = try Data(contentsOf: folder.appendingPathComponent("session.json"))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test(
    "quitting keeps the name, the tab and each tab's stack; the next start opens there",
    .standsOn(Hoge.self, Fuga.self, ItemList.self, Entry.self))
  func quitAndRestore() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try await demo(
      folder, input: signIn + "hoge\nname Bo\nfuga\ntab items\nadd Tea\nsave\nopen 1\nhoge\nquit\n")
    #expect(first.status == 0, "\(first.error)")
    let saved = try session(in: folder)
    #expect(saved["version"] as? Int == 1)
    #expect(saved["name"] as? String == "Ann")
    #expect(saved["tab"] as? String == "items")
    #expect(
      saved["tabs"] as? [String: String]
        == ["entry": "entry/hoge/fuga?name=Bo", "items": "items/1/hoge?name=Tea"])
    let second = try await demo(folder, input: "link\ntab entry\nlink\n")
    #expect(second.status == 0, "\(second.error)")
    #expect(second.output.hasPrefix("» [items] Items > Hoge\nHoge\n  Name: Tea\n"))
    #expect(second.output.contains("Link: items/1/hoge?name=Tea"))
    #expect(second.output.contains("Link: entry/hoge/fuga?name=Bo"))
    // --fresh starts at the gate; the name is known, so no setup; quitting saves anew.
    let fresh = try await demo(folder, ["--fresh"], input: "signin Ann\nquit\n")
    #expect(fresh.output.hasPrefix("» Sign in\n"))
    #expect(fresh.output.contains("> signin Ann\nlog: Sign in closed\n» [entry] Entry\n"))
    #expect(
      try session(in: folder)["tabs"] as? [String: String] == ["entry": "entry", "items": "items"])
  }

  @Test("signing out before quitting starts the next run at the gate", .standsOn(Hoge.self))
  func signedOut() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try await demo(folder, input: signIn + "hoge\nsignout\nquit\n")
    #expect(try session(in: folder)["name"] == nil)
    let next = try await demo(folder)
    #expect(next.output.hasPrefix("» Sign in\n"))
  }

  @Test(
    "a screen whose item is gone is dropped with a notice; the rest of the session opens",
    .standsOn(Hoge.self, ItemList.self, Entry.self))
  func goneItem() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try ItemsFixture.write(2, in: folder)
    _ = try await demo(folder, input: signIn + "items\nopen 2\nhoge\nquit\n")
    #expect(
      try session(in: folder)["tabs"] as? [String: String]
        == ["entry": "entry", "items": "items/2/hoge?name=Item%202"])
    _ = try ItemsFixture.write(1, in: folder)
    let next = try await demo(folder, input: "link\n")
    #expect(next.status == 0, "\(next.error)")
    #expect(next.output.hasPrefix("» [items] Items\nItems\n  1. Item 1 ×1\n"))
    #expect(
      next.output.contains(
        "! Cannot open items/2: There is no item 2; the list has 1 item. "
          + "The screens after it were not restored."))
    #expect(next.output.contains("Link: items\n"))
  }

  @Test(
    "a saved link that cannot be read is named with the tab it was for; the tab opens at its start")
  func unreadableLink() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try await demo(folder, input: signIn + "quit\n")
    var object = try session(in: folder)
    var tabs = try #require(object["tabs"] as? [String: String])
    let tab = try #require(tabs.keys.sorted().first)
    tabs[tab] = (tabs[tab] ?? tab) + "?name=Bo%ZZ"
    object["tabs"] = tabs
    try JSONSerialization.data(withJSONObject: object).write(
      to: folder.appendingPathComponent("session.json"))
    let run = try await demo(folder, input: "quit\n")
    #expect(run.status == 0, "\(run.error)")
    #expect(run.error.contains("session.json: the \(tab) tab's link cannot be read ("))
    #expect(run.error.contains("Bo%ZZ"))
    #expect(run.error.contains("the tab opens at its start"))
  }

  @Test(
    "a saved or given item position that overflows is refused with a notice, never a crash",
    .standsOn(ItemList.self))
  func overflowingPosition() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try ItemsFixture.write(2, in: folder)
    _ = try await demo(folder, input: signIn + "items\nopen 2\nquit\n")
    let file = folder.appendingPathComponent("session.json")
    let saved = try String(contentsOf: file, encoding: .utf8)
    #expect(saved.contains("items/2"))
    let link = "items/-9223372036854775808"
    try Data(saved.replacingOccurrences(of: "items/2", with: link).utf8).write(to: file)
    let restored = try await demo(folder, input: "link\n")
    #expect(restored.status == 0, "\(restored.error)")
    #expect(restored.output.contains("! Cannot open \(link): "))
    #expect(restored.output.contains("Link: items\n"))
    let given = try await demo(folder, ["--open", link])
    #expect(given.status == 0, "\(given.error)")
    #expect(given.output.contains("! Cannot open \(link): "))
  }

  @Test(
    "a session deeper than a stack holds is cut where the stack is full, with a notice",
    .standsOn(Hoge.self, Fuga.self, Entry.self))
  func deeperThanAStackHolds() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try await demo(folder, input: signIn + "quit\n")
    // 25,000 screen pairs: far past the stack's limit, as a crafted or corrupt file would be.
    let link = "entry/" + Array(repeating: "hoge/fuga?name=a", count: 25_000).joined(separator: "/")
    let file = folder.appendingPathComponent("session.json")
    let text =
      "{\"version\": 1, \"name\": \"Ann\", \"tab\": \"entry\", \"tabs\": {\"entry\": \"\(link)\"}}"
    try Data(text.utf8).write(to: file)
    let restored = try await demo(folder, input: "hoge\nlink\nquit\n")
    #expect(restored.status == 0, "\(restored.error)")
    let most = ScreenStack.maximumDepth
    #expect(restored.output.hasPrefix("» [entry] Entry > … > Hoge > Fuga (\(most + 1) screens)\n"))
    #expect(
      restored.output.contains(
        "! Cannot open entry/hoge/fuga?name=a/…/hoge (segment \(most + 2)): A stack holds at most "
          + "\(most) screens over its first; the link names more."))
    // Full: one more push is refused, and nothing changes.
    #expect(
      restored.output.contains(
        "! A stack holds at most \(most) screens over its first; go back before opening another."))
    let shown = try #require(
      restored.output.split(separator: "\n").first { $0.hasPrefix("Link: ") })
    #expect(shown.split(separator: "/").count == most + 1)
    // What was saved on the way out is the stack as it was cut.
    let saved = try #require(try session(in: folder)["tabs"] as? [String: String])
    #expect(saved["entry"]?.split(separator: "/").count == most + 1)
  }

  @Test(
    "a corrupt or newer session file is named, ignored and kept byte for byte, even on quit",
    .standsOn(Hoge.self),
    arguments: [
      "{ not json", "{\"version\": 2, \"name\": \"Zed\"}", "[1, 2]", "{\"name\": \"x\"}",
      "{\"version\": 1, \"name\": \"Ann\", \"tabs\": [1, 2]}",
      "{\"version\": 1, \"name\": 7}",
    ])
  func unusableFile(text: String) async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("session.json")
    try Data(text.utf8).write(to: file)
    let run = try await demo(folder, input: signIn + "hoge\nquit\n")
    #expect(run.status == 0)
    #expect(run.error.contains("\(file.path) is not used: "))
    #expect(run.error.contains("left as it is"))
    #expect(run.error.split(separator: "\n").count == 1, "\(run.error)")
    #expect(run.output.hasPrefix("» Sign in\n"))
    #expect(try String(contentsOf: file, encoding: .utf8) == text)
  }

  @Test("a session file that is a folder is named as one and left alone")
  func folderInstead() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("session.json")
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
    let run = try await demo(folder, input: signIn + "quit\n")
    #expect(run.status == 0)
    #expect(run.error.contains("\(file.path) is not used: it is a folder, not a file"))
    var isFolder: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder))
    #expect(isFolder.boolValue)
  }

  @Test("a session file that is a FIFO is named as one, not as a permission problem")
  func fifoInstead() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("session.json")
    #expect(mkfifo(file.path, 0o644) == 0)
    let run = try await demo(folder, input: signIn + "quit\n")
    #expect(run.status == 0)
    #expect(run.error.contains("\(file.path) is not used: it is a FIFO (named pipe), not a file"))
    #expect(!run.error.contains("permission"))
    var status = stat()
    #expect(lstat(file.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
  }

  @Test(
    "fields this version does not know are kept when the session is saved",
    .standsOn(Hoge.self, Fuga.self, ItemList.self, Entry.self))
  func unknownFieldsKept() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = """
      {"version": 1, "name": "Ann", "tab": "entry", "theme": {"dark": true},
       "tabs": {"entry": "entry/hoge", "search": "search/cats"}}
      """
    try Data(text.utf8).write(to: folder.appendingPathComponent("session.json"))
    let run = try await demo(folder, input: "fuga\nquit\n")
    #expect(run.status == 0, "\(run.output)")
    let saved = try session(in: folder)
    #expect((saved["theme"] as? [String: Bool]) == ["dark": true])
    #expect(
      saved["tabs"] as? [String: String]
        == ["entry": "entry/hoge", "items": "items", "search": "search/cats"])
  }

  @Test(
    "after kill -9 the session as it was opens: it is written on every change; a cut-short write is cleared",
    .standsOn(Hoge.self, Fuga.self, Entry.self)
  )
  func killNine() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try await demo(folder, input: signIn + "hoge\nquit\n")
    // A write that kill -9 cut short leaves a temporary file beside it.
    let temporary = folder.appendingPathComponent(".session.json.0000.tmp")
    try Data("{\"vers".utf8).write(to: temporary)
    let running = try RunningDemo(
      try DemoEndToEndTests.demoPath.get(), arguments: ["--data-dir", folder.path])
    running.type("name Cy\nfuga\n")
    #expect(try await running.waitForOutput(containing: "Hello, Cy!"))
    #expect(!FileManager.default.fileExists(atPath: temporary.path))
    // The change is written while the demo runs, without a quit.
    let file = folder.appendingPathComponent("session.json")
    #expect(
      await eventually {
        (try? String(contentsOf: file, encoding: .utf8))?.contains("fuga?name=Cy") == true
      })
    running.signal(SIGKILL)
    _ = await running.exitStatus()
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(!names.contains { $0.hasSuffix(".tmp") }, "\(names)")
    let next = try await demo(folder)
    #expect(next.output.hasPrefix("» [entry] Entry > Hoge > Fuga\nFuga\n  Hello, Cy!\n"))
  }

  @Test(
    "--open shows a link over the restored session; a bad one is refused, the demo goes on",
    .standsOn(Hoge.self, Fuga.self, ItemList.self, Entry.self))
  func openAtStart() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try ItemsFixture.write(3, in: folder)
    _ = try await demo(folder, input: signIn + "hoge\nquit\n")
    let opened = try await demo(folder, ["--open", "items/3"], input: "tab entry\n")
    #expect(opened.status == 0, "\(opened.error)")
    #expect(opened.output.hasPrefix("» [items] Items\nItems › Item 3\n"))
    #expect(opened.output.contains("> tab entry\n» [entry] Entry > Hoge\n"))
    let refused = try await demo(folder, ["--open", "items/9"])
    #expect(refused.status == 0)
    #expect(
      refused.output.contains(
        "! Cannot open items/9: There is no item 9; the list has 3 items. Nothing changed."))
    // At the gate a link waits for the sign-in.
    let gate = try await demo(
      folder, ["--fresh", "--open", "hoge/fuga?name=Cy"], input: "signin Ann\n")
    #expect(gate.output.contains("! Sign in to open hoge/fuga?name=Cy; it opens once you do."))
    #expect(gate.output.hasSuffix("» [entry] Entry > Hoge > Fuga\nFuga\n  Hello, Cy!\n"))
  }
}
