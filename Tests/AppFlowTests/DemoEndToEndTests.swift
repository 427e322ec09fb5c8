import CoreDependencies
import CoreTesting
import EntryFeature
import Foundation
import ItemListFeature
import ItemsClient
import Testing

/// The built `demo`, run as a person would: a piped script, a temporary data folder, exit
/// status, and the items still there on the next run.
@Suite("demo end to end")
struct DemoEndToEndTests {
  /// The repository's root.
  static let root = SourceTree.root

  /// Entry as it shows with one item kept.
  static let entryWithOneItem =
    "\(Entry.title)\n  Count: 0\n  \(ItemsPanelView.heading)\n"
    + "  └ 1 item kept; type items to open the list.\n"

  /// The demo binary: the one `SWITCHYARD_DEMO` names (`make test` builds the root workspace,
  /// demo included, before it runs the tests on that build), or else built (incrementally)
  /// from the App package first.
  static let demoPath: Result<String, DemoBuildError> = {
    if let given = ProcessInfo.processInfo.environment["SWITCHYARD_DEMO"], !given.isEmpty {
      guard FileManager.default.isExecutableFile(atPath: given) else {
        return .failure(
          DemoBuildError(log: "SWITCHYARD_DEMO names \(given), which is not an executable"))
      }
      return .success(given)
    }
    let app = root.appendingPathComponent("App").path
    let build = runProcess(
      "/usr/bin/env", ["swift", "build", "--package-path", app, "--product", "demo"])
    guard build.status == 0 else {
      return .failure(
        DemoBuildError(log: "swift build --product demo failed:\n" + build.output + build.error))
    }
    let binPath = runProcess(
      "/usr/bin/env", ["swift", "build", "--package-path", app, "--show-bin-path"])
    let directory = binPath.output.trimmingCharacters(in: .whitespacesAndNewlines)
    return .success(URL(fileURLWithPath: directory).appendingPathComponent("demo").path)
  }()

  struct DemoBuildError: Error, CustomStringConvertible {
    let log: String
    var description: String { log }
  }

  private static func runProcess(_ executable: String, _ arguments: [String])
    -> BuiltExecutable.Result
  {
    do {
      return try BuiltExecutable.run(
        atPath: executable, arguments: arguments, timeout: .seconds(600))
    } catch {
      return BuiltExecutable.Result(status: -1, output: "", error: "\(error)")
    }
  }

  private func demo(_ arguments: [String], input: String = "") async throws
    -> BuiltExecutable.Result
  {
    try await BuiltExecutable.run(
      atPath: try Self.demoPath.get(), arguments: arguments, input: input)
  }

  private func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "switchyard-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test(
    "items added in one run are there in the next; quit exits 0",
    .standsOn(ItemList.self, Entry.self))
  func itemsAreKept() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try await demo(
      ["--data-dir", folder.path],
      input: signIn + "items\nadd \"Green tea\"\nqty 2\nsave\ntab entry\nquit\n")
    #expect(first.status == 0, "\(first.error)")
    #expect(first.output.contains("1. Green tea ×2"))
    #expect(first.output.hasSuffix("» [entry] Entry\n" + Self.entryWithOneItem + "> quit\n"))
    // The next run starts where this one quit (the session), signed in on the entry tab.
    let second = try await demo(["--data-dir", folder.path], input: "items\n")
    #expect(second.status == 0)
    #expect(second.output.hasSuffix("> items\n» [items] Items\nItems\n  1. Green tea ×2\n"))
  }

  @Test(
    "a failing script line exits 1 with its number; bad options exit 2 with usage",
    .standsOn(Entry.self))
  func exitStatuses() async throws {
    let failing = try await demo(["--in-memory"], input: signIn + "+\nfly\n+\n")
    #expect(failing.status == 1)
    #expect(failing.output.contains("error: line 4: unknown command 'fly'"))
    #expect(!failing.output.contains("> +\n» [entry] Entry\nEntry\n  Count: 2"))
    let bad = try await demo(["--frobnicate"])
    #expect(bad.status == 2)
    #expect(bad.error.hasPrefix("error: unknown option '--frobnicate'"))
    #expect(bad.error.contains("usage: demo [options]"))
    let both = try await demo(["--in-memory", "--data-dir", "/tmp"])
    #expect(both.status == 2)
    #expect(both.error.contains("cannot be used together"))
    let help = try await demo(["--help"])
    #expect(help.status == 0)
    #expect(help.output.contains("--data-dir PATH"))
    let version = try await demo(["--version"])
    #expect(version.output == "demo 0.1.0\n")
  }

  @Test(
    "a corrupt file is named, left untouched, and the demo starts in memory",
    .standsOn(ItemList.self))
  func corruptFile() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("items.json")
    try Data("{ not json".utf8).write(to: file)
    let run = try await demo(["--data-dir", folder.path], input: signIn + "items\nadd Tea\nsave\n")
    #expect(run.status == 0)
    #expect(run.error.contains("\(file.path) is not a valid item list"))
    #expect(run.error.contains("left untouched"))
    #expect(run.output.contains("1. Tea ×1"))
    #expect(try String(contentsOf: file, encoding: .utf8) == "{ not json")
  }

  @Test("a data folder that is a file is refused with exit 2")
  func dataDirIsAFile() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("plain")
    try Data().write(to: file)
    let run = try await demo(["--data-dir", file.path])
    #expect(run.status == 2)
    #expect(run.error == "error: --data-dir \(file.path) is a file, not a folder; give a folder\n")
  }

  @Test("a script file runs like piped input; a missing one exits 2")
  func scriptFile() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("session.txt")
    try Data((signIn + "+\n+\n").utf8).write(to: script)
    let run = try await demo(["--in-memory", "--script", script.path])
    #expect(run.status == 0)
    #expect(run.output.contains("Count: 2"))
    let missing = try await demo([
      "--in-memory", "--script", folder.appendingPathComponent("no").path,
    ])
    #expect(missing.status == 2)
  }

  @Test(
    "a signal while the demo waits for input exits 128+N and keeps every saved item",
    .standsOn(ItemList.self),
    arguments: [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129)] as [(Int32, Int32)])
  func interrupt(signalNumber: Int32, status: Int32) async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let running = try startDemo(folder)
    running.stdin.fileHandleForWriting.write(Data((signIn + "items\nadd Tea\nsave\n").utf8))
    try await waitForFile(folder.appendingPathComponent("items.json"))
    kill(running.process.processIdentifier, signalNumber)
    #expect(await exitStatus(of: running.process) == status)
    // The session was saved on the way out: the next run opens on the list.
    let again = try await demo(["--data-dir", folder.path])
    #expect(again.output.hasPrefix("» [items] Items\nItems\n  1. Tea ×1\n"), "\(again.output)")
  }

  @Test(
    "a second demo on the same folder opens it read-only and says so; nothing is lost",
    .standsOn(ItemList.self))
  func secondDemoIsReadOnly() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try startDemo(folder)
    first.stdin.fileHandleForWriting.write(Data((signIn + "items\nadd Tea\nsave\n").utf8))
    let file = folder.appendingPathComponent("items.json")
    try await waitForFile(file)
    // Read-only, it reads the settings the first one wrote (Ann is set up: no setup step) and
    // keeps its own changes in memory. (Without --fresh it would open the session the first
    // one is keeping.)
    let second = try await demo(
      ["--data-dir", folder.path, "--fresh"],
      input: "signin Ann\nsignout\nsignin Bob\ndone\nitems\nadd Milk\nsave\n")
    #expect(!second.output.contains("Welcome, Ann. This is your first time"), "\(second.output)")
    #expect(second.output.contains("Welcome, Bob. This is your first time"))
    // Bob's setup stayed in its memory: the settings file is the first demo's.
    let settings = try String(
      contentsOf: folder.appendingPathComponent("settings.json"), encoding: .utf8)
    #expect(settings.contains("\"ann\"") && !settings.contains("bob"), "\(settings)")
    #expect(second.error.contains("another demo (pid \(first.process.processIdentifier))"))
    #expect(second.error.contains("your changes will not be saved"))
    #expect(second.output.contains("1. Tea ×1"))
    #expect(second.output.contains("open read-only, nothing was saved"))
    #expect(second.status == 1)
    #expect(second.error.contains("your last changes were not saved and are lost now"))
    first.stdin.fileHandleForWriting.write(Data("add Coffee\nsave\n".utf8))
    try first.stdin.fileHandleForWriting.close()
    #expect(await exitStatus(of: first.process) == 0)
    let names = try ItemsFileContents.names(in: file)
    #expect(names == ["Tea", "Coffee"])
  }

  @Test(
    "a newer file opens read-only; unsaved changes are marked, back warns, the script fails",
    .standsOn(ItemList.self))
  func newerFileAndUnsavedChanges() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("items.json")
    let text = "{\"version\": 99, \"items\": [], \"future\": true}"
    try Data(text.utf8).write(to: file)
    let run = try await demo(
      ["--data-dir", folder.path], input: signIn + "items\nadd Tea\nsave\nquit\n")
    #expect(run.error.contains("newer version of the demo (version 99"))
    #expect(run.output.contains("Items (changes not saved)"))
    #expect(run.status == 1)
    #expect(run.error.contains("your last changes were not saved and are lost now"))
    #expect(try String(contentsOf: file, encoding: .utf8) == text)
  }

  @Test(
    "control characters stored in the file show escaped: the screen cannot be taken over",
    .standsOn(ItemList.self))
  func storedEscapesShowEscaped() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let item = """
      {"id": "00000000-0000-0000-0000-000000000001", "name": "Tea\\u001B[2J", "quantity": 1,
       "note": "\\u001B]0;title\\u0007"}
      """
    try Data("{\"version\": 1, \"items\": [\(item)]}".utf8).write(
      to: folder.appendingPathComponent("items.json"))
    let run = try await demo(["--data-dir", folder.path], input: signIn + "items\n")
    #expect(run.output.contains("1. Tea\\u{1B}[2J ×1 — \\u{1B}]0;title\\u{7}"))
    #expect(!run.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
  }

  @Test(
    "Ctrl-C during a large save waits for it: the file is whole, has the change, no temp file",
    .standsOn(ItemList.self))
  func interruptDuringLargeSave() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try ItemsFixture.write(
      5_000, in: folder, note: String(repeating: "n", count: 2_000))
    let running = try startDemo(folder)
    running.stdin.fileHandleForWriting.write(Data((signIn + "items\nmore 1\n").utf8))
    var sawSaveUnderWay = false
    // A save replaces the file (a new inode): once it has, there is no save left to interrupt.
    let original = try Self.fileNumber(file)
    // Waited for: the save under way, or done, or the demo ended.
    let settled = try await eventually {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      // The item file's temporary, not the settings' or the session's.
      sawSaveUnderWay = names.contains { $0.hasPrefix(".items.json.") && $0.hasSuffix(".tmp") }
      let replaced = try Self.fileNumber(file) != original
      return sawSaveUnderWay || replaced || !running.process.isRunning
    }
    #expect(settled)
    kill(running.process.processIdentifier, SIGINT)
    #expect(await exitStatus(of: running.process) == 130)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(!names.contains { $0.hasSuffix(".tmp") }, "\(names)")
    let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
    let first = (saved?["items"] as? [[String: Any]])?.first
    #expect((saved?["items"] as? [Any])?.count == 5_000)
    if sawSaveUnderWay {
      #expect(first?["quantity"] as? Int == 2, "the save under way was cut short")
    }
  }

  /// The inode of `file`, which an atomic save (write a temporary, rename it) changes.
  private static func fileNumber(_ file: URL) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int
  }

  /// A demo reading its input from a pipe the test writes to.
  private func startDemo(_ folder: URL) throws -> (process: Process, stdin: Pipe) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try Self.demoPath.get())
    process.arguments = ["--data-dir", folder.path]
    let stdin = Pipe()
    process.standardInput = stdin
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return (process, stdin)
  }

  private func waitForFile(_ file: URL) async throws {
    #expect(await eventually { FileManager.default.fileExists(atPath: file.path) })
  }
}

/// Reads the item names straight from a saved file.
enum ItemsFileContents {
  static func names(in file: URL) throws -> [String] {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
    let items = object?["items"] as? [[String: Any]] ?? []
    return items.compactMap { $0["name"] as? String }
  }
}
