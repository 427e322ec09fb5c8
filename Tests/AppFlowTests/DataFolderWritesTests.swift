import CoreTesting
import EntryFeature
import Foundation
import HogeFeature
import ItemListFeature
import Testing

/// Every file of the data folder (the items, the session, the settings) under one set of
/// write guarantees, tried on the built demo: no link in the folder is followed, so nothing
/// is read or written through one; nothing is written by a demo that lost the folder's lock;
/// and a setting that failed to save is saved on the way out or named as lost.
@Suite("Data folder writes, end to end")
struct DataFolderWritesTests {
  private func demoPath() throws -> String { try DemoEndToEndTests.demoPath.get() }

  private func demo(_ folder: URL, input: String) async throws -> BuiltExecutable.Result {
    try await BuiltExecutable.run(
      atPath: try demoPath(), arguments: ["--data-dir", folder.path], input: input)
  }

  /// An item file with a field this version does not know, spelled so a rewrite would change
  /// it (`1.10` through `Double` is `1.1`).
  private func itemFile(in folder: URL) throws -> (url: URL, bytes: Data) {
    let url = folder.appendingPathComponent("items.json")
    let bytes = Data(
      ("{\"version\": 1, \"extra\": 1.10, \"items\": [{\"id\": \"00000000-0000-0000-0000-"
        + "000000000001\", \"name\": \"Apple\", \"quantity\": 2, \"note\": \"\"}]}").utf8)
    try bytes.write(to: url)
    return (url, bytes)
  }

  @Test(
    "a session or settings file that links to the item file is named, and never written into it",
    .standsOn(Hoge.self),
    arguments: ["session.json", "settings.json"])
  func linkIntoItems(name: String) async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let items = try itemFile(in: folder)
    let link = folder.appendingPathComponent(name)
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "items.json")
    let run = try await demo(folder, input: "signin Ann\ndone\nhoge\nquit\n")
    #expect(run.status == 0, "\(run.error)")
    let warning = try #require(
      run.error.split(separator: "\n").first { $0.contains(link.path) }, "\(run.error)")
    #expect(warning.contains("a symbolic link"))
    #expect(try Data(contentsOf: items.url) == items.bytes)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "items.json")
  }

  @Test(
    "an item file that links out of the folder is named, never read, and never written through",
    .standsOn(ItemList.self))
  func itemsLinkedOutside() async throws {
    let parent = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: parent) }
    let folder = parent.appendingPathComponent("data")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let outside = try itemFile(in: parent)
    let link = folder.appendingPathComponent("items.json")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside.url)
    let run = try await demo(folder, input: signIn + "items\nadd Tea\nsave\nquit\n")
    let warning = try #require(
      run.error.split(separator: "\n").first { $0.contains(link.path) }, "\(run.error)")
    #expect(warning.contains("it is a symbolic link, and the demo follows no link"))
    #expect(!run.output.contains("Apple"), "the list behind the link is never read")
    #expect(try Data(contentsOf: outside.url) == outside.bytes)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == outside.url.path)
  }

  @Test(
    "a step with a session file linked to the item file is saved to the items, whole",
    .standsOn(ItemList.self))
  func stepBesideALinkedSession() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let items = try itemFile(in: folder)
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("session.json").path,
      withDestinationPath: "items.json")
    let run = try await demo(folder, input: signIn + "items\nmore 1\nquit\n")
    #expect(run.status == 0, "\(run.error)")
    let text = try String(contentsOf: items.url, encoding: .utf8)
    #expect(text.contains("\"extra\": 1.10"))
    #expect(!text.contains("\"name\": \"Ann\""))
    #expect(!text.contains("\"tabs\""))
    #expect(try ItemsFixture.items(in: items.url).first?["quantity"] as? Int == 3)
  }

  @Test(
    "a demo whose folder was deleted and taken by another never writes its session there",
    .standsOn(Hoge.self, Entry.self))
  func sessionAfterLosingTheLock() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try RunningDemo(try demoPath(), arguments: ["--data-dir", folder.path])
    first.type("signin Ann\ndone\n")
    #expect(try await first.waitForOutput(containing: "» [entry] Entry"))
    try FileManager.default.removeItem(at: folder)
    // The second demo takes the new folder's lock and stays, signed in as Bob.
    let second = try RunningDemo(try demoPath(), arguments: ["--data-dir", folder.path])
    second.type("signin Bob\ndone\n")
    #expect(try await second.waitForOutput(containing: "» [entry] Entry"))
    let session = folder.appendingPathComponent("session.json")
    // The session is written once the screen's batch is done: waited for, not assumed.
    #expect(await eventually { (try? sessionName(session)) == "Bob" })
    first.type("hoge\nquit\n")
    try first.endInput()
    #expect(await first.exitStatus() == 0)
    #expect(first.output.contains("this session was not saved"))
    #expect(first.output.contains("cannot be locked again"))
    #expect(try sessionName(session) == "Bob")
    second.signal(SIGKILL)
    _ = await second.exitStatus()
    #expect(try sessionName(session) == "Bob")
  }

  @Test(
    "a setting whose save failed is saved on the way out once it can be",
    .standsOn(Hoge.self, Entry.self))
  func settingSavedOnTheWayOut() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let settings = folder.appendingPathComponent("settings.json")
    // A folder where the settings' write lock goes makes every write of them fail, even as
    // root (who may write a read-only folder).
    let blocker = folder.appendingPathComponent(".settings.json.lock")
    let running = try RunningDemo(try demoPath(), arguments: ["--data-dir", folder.path])
    running.type("signin Bob\n")
    #expect(try await running.waitForOutput(containing: "» Sign in > Setup"))
    try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: false)
    running.type("done\n")
    #expect(try await running.waitForOutput(containing: "» [entry] Entry"))
    #expect(try await running.waitForOutput(containing: "cannot save \"setUpNames\""))
    #expect(!FileManager.default.fileExists(atPath: settings.path))
    try FileManager.default.removeItem(at: blocker)
    running.type("hoge\nquit\n")
    try running.endInput()
    #expect(await running.exitStatus() == 0, "\(running.output)")
    let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: settings))
    #expect((saved as? [String: [String]])?["setUpNames"] == ["bob"])
    // The next start knows Bob: no setup.
    let next = try await demo(folder, input: "signout\nsignin Bob\n")
    #expect(next.output.contains("> signin Bob\nlog: Sign in closed\n» [entry] Entry"))
  }

  @Test("a setting that still cannot be saved at the end is named as lost; the status is 1")
  func settingLostIsNamed() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let blocker = folder.appendingPathComponent(".settings.json.lock")
    try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: true)
    let run = try await demo(folder, input: "signin Bob\ndone\nquit\n")
    #expect(run.status == 1)
    #expect(run.error.contains("your settings were not saved and are lost now"))
  }

  private func sessionName(_ url: URL) throws -> String? {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    return object?["name"] as? String
  }
}
