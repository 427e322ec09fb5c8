import CoreDependencies
import CoreTesting
import Foundation
import ItemListFeature
import Testing

/// The demo's data promises under timing, links, a vanished folder and broken output, tried
/// on the built demo as an attacker would. Each case asserts what must hold whatever the
/// timing: no item lost, nothing written through a link, a clean exit.
@Suite("demo data safety")
struct DemoDataSafetyTests {
  private func demoPath() throws -> String { try DemoEndToEndTests.demoPath.get() }

  private func demo(_ arguments: [String], input: String = "") async throws
    -> BuiltExecutable.Result
  {
    try await BuiltExecutable.run(atPath: try demoPath(), arguments: arguments, input: input)
  }

  @Test("the item fixture holds the ids, names and notes it was asked for")
  func fixture() throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let items = try ItemsFixture.items(in: ItemsFixture.write(3, in: folder, note: "n"))
    #expect(
      items.compactMap { $0["id"] as? String } == (1...3).map { UUID(counting: $0).uuidString })
    #expect(items.compactMap { $0["name"] as? String } == ["Item 1", "Item 2", "Item 3"])
    #expect(items.allSatisfy { $0["note"] as? String == "n" && $0["quantity"] as? Int == 1 })
  }

  @Test(
    "typing items, add and save at once in a terminal never saves a list it did not load",
    .standsOn(ItemList.self),
    arguments: [200, 2_000, 20_000])
  func typingWhileLoading(count: Int) async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try ItemsFixture.write(count, in: folder)
    let running = try RunningDemo(
      try demoPath(), arguments: ["--data-dir", folder.path], terminal: true)
    #expect(try await running.waitForOutput(containing: "> "))
    running.type(signIn + "items\nadd \"X\"\nsave\nquit\n")
    #expect(await running.exitStatus() == 0, "\(running.output.suffix(500))")
    let names = try ItemsFixture.items(in: file).compactMap { $0["name"] as? String }
    // The new item is the last row, which a long list shows too.
    let added = running.output.contains("\(count + 1). X ×1")
    #expect(names.count == (added ? count + 1 : count))
    #expect(Array(names.prefix(count)) == (1...count).map { "Item \($0)" })
    if !added {
      #expect(running.output.contains("The list is still loading"))
    }
  }

  @Test(
    "a settings file that is a FIFO or a link (to /dev/zero) is refused at once and left alone",
    arguments: ["fifo", "zero"])
  func settingsThatNeverEnd(kind: String) async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let settings = folder.appendingPathComponent("settings.json")
    if kind == "fifo" {
      #expect(mkfifo(settings.path, 0o644) == 0)
    } else {
      try FileManager.default.createSymbolicLink(
        atPath: settings.path, withDestinationPath: "/dev/zero")
    }
    let run = try await demo(["--data-dir", folder.path], input: "signin Ann\nquit\n")
    #expect(run.status == 0, "\(run.error)")
    #expect(!run.error.contains(".swift:"), "a person is told about the file, not a source line")
    if kind == "fifo" {
      #expect(run.error.contains("\(settings.path) cannot be read as"))
      #expect(run.error.contains("a FIFO (named pipe)"))
    } else {
      #expect(run.error.contains("\(settings.path) is a symbolic link, and the demo follows no"))
    }
    // Left as it was: still the FIFO, or still the link.
    if kind == "fifo" {
      var status = stat()
      #expect(lstat(settings.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    } else {
      #expect(
        try FileManager.default.destinationOfSymbolicLink(atPath: settings.path) == "/dev/zero")
    }
  }

  @Test("cut-short temporaries of every stored file are removed at start; other files are kept")
  func staleTemporariesOfEveryFile() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let stale = [".items.json.A1.tmp", ".session.json.B2.tmp", ".settings.json.C3.tmp"]
    let kept = [".notes.json.D4.tmp", "settings.json.tmp"]
    for name in stale + kept {
      try Data("{\"cut".utf8).write(to: folder.appendingPathComponent(name))
    }
    // A whole settings file and a whole session that a write never put in place.
    let whole = [".settings.json.E5.tmp", ".session.json.F6.tmp"]
    for name in whole {
      try Data("{}".utf8).write(to: folder.appendingPathComponent(name))
    }
    let run = try await demo(["--data-dir", folder.path], input: "quit\n")
    #expect(run.status == 0, "\(run.error)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect((stale + whole).allSatisfy { !names.contains($0) }, "\(names)")
    #expect(kept.allSatisfy { names.contains($0) }, "\(names)")
    // Part of a list is named; a whole settings file or session is named as lost.
    #expect(run.error.contains("A save cut short left part of a list (.items.json.A1.tmp)"))
    for (what, name) in [("settings", "settings.json"), ("session", "session.json")] {
      #expect(
        run.error.contains("A save of the \(what) cut short left a whole \(name)"), "\(run.error)")
    }
    #expect(!run.error.contains("B2") && !run.error.contains("C3"))
  }

  @Test("a whole first save that kill -9 cut short before its rename is the list at the next start")
  func wholeFirstSaveRecovered() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // What `add`, `save` and kill -9 between the write and the rename leave: no items.json,
    // a temporary that holds the whole new list.
    let written = try ItemsFixture.write(2, in: folder)
    let temporary = folder.appendingPathComponent(".items.json.\(UUID().uuidString).tmp")
    try FileManager.default.moveItem(at: written, to: temporary)
    let run = try await demo(["--data-dir", folder.path], input: "quit\n")
    #expect(run.status == 0, "\(run.error)")
    #expect(
      run.error.contains(
        "A save cut short left a whole list of 2 items, and there was no items.json: it is the "
          + "list now."))
    #expect(try ItemsFixture.items(in: written).count == 2)
    #expect(!FileManager.default.fileExists(atPath: temporary.path))
  }

  @Test(
    "a script on a large file waits for the load, then adds to the whole list",
    .standsOn(ItemList.self))
  func scriptWaitsForLoad() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try ItemsFixture.write(20_000, in: folder)
    let script = folder.appendingPathComponent("script.txt")
    try Data((signIn + "items\nadd \"X\"\nsave\n").utf8).write(to: script)
    let run = try await demo(["--data-dir", folder.path, "--script", script.path])
    #expect(run.status == 0, "\(run.error)")
    let items = try ItemsFixture.items(in: file)
    #expect(items.count == 20_001)
    #expect(items.last?["name"] as? String == "X")
  }

  @Test(
    "a lock file that is a link to items.json: refused, read-only, items.json keeps every byte",
    .standsOn(ItemList.self))
  func lockLinkedToItems() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try ItemsFixture.write(2, in: folder)
    let before = try Data(contentsOf: file)
    let lock = folder.appendingPathComponent(".items.lock").path
    try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: file.path)
    let run = try await demo(["--data-dir", folder.path], input: signIn + "items\nadd Tea\nsave\n")
    #expect(run.error.contains("\(lock) is a symbolic link, not the demo's lock file; remove it"))
    #expect(run.error.contains("opened it read-only"))
    #expect(run.output.contains("1. Item 1 ×1"))
    #expect(run.status == 1)
    #expect(try Data(contentsOf: file) == before)
  }

  @Test(
    "a lock file that links out of the folder: the file it names is not truncated",
    .standsOn(ItemList.self))
  func lockLinkedOutside() async throws {
    let parent = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: parent) }
    let folder = parent.appendingPathComponent("data")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let other = parent.appendingPathComponent("other.txt")
    try Data("precious".utf8).write(to: other)
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent(".items.lock").path,
      withDestinationPath: "../other.txt")
    let run = try await demo(["--data-dir", folder.path], input: signIn + "items\n")
    #expect(run.error.contains("is a symbolic link"))
    #expect(try String(contentsOf: other, encoding: .utf8) == "precious")
  }

  @Test(
    "a data folder deleted while a demo runs: a second demo's items are never dropped",
    .standsOn(ItemList.self))
  func folderDeletedWhileRunning() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("items.json")
    let first = try RunningDemo(try demoPath(), arguments: ["--data-dir", folder.path])
    first.type(signIn + "items\nadd Tea\nsave\n")
    #expect(try await first.waitForOutput(containing: "1. Tea ×1"))
    try FileManager.default.removeItem(at: folder)
    let second = try await demo(
      ["--data-dir", folder.path], input: signIn + "items\nadd Milk\nsave\n")
    #expect(second.status == 0, "\(second.error)")
    first.type("add Coffee\nsave\n")
    try first.endInput()
    #expect(await first.exitStatus() == 1)
    #expect(first.output.contains("another program changed it since this demo read it"))
    let names = try ItemsFixture.items(in: file).compactMap { $0["name"] as? String }
    #expect(names == ["Milk"])
  }

  @Test(
    "a signal right after a change (inside the pause before its save) saves it first",
    .standsOn(ItemList.self),
    arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
  func signalAfterChange(signalNumber: Int32, status: Int32) async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try ItemsFixture.write(1, in: folder)
    // At a terminal the screen shows the step at once, before the pause (a script would wait
    // for the save before showing it).
    let running = try RunningDemo(
      try demoPath(), arguments: ["--data-dir", folder.path], terminal: true)
    #expect(try await running.waitForOutput(containing: "> "))
    running.type(signIn + "items\n")
    #expect(try await running.waitForOutput(containing: "1. Item 1 ×1"))
    running.type("more 1\n")
    #expect(try await running.waitForOutput(containing: "1. Item 1 ×2"))
    running.signal(signalNumber)
    #expect(await running.exitStatus() == status)
    #expect(running.output.contains("(interrupted; every change is saved)"))
    #expect(try ItemsFixture.items(in: file).first?["quantity"] as? Int == 2)
  }

  @Test(
    "a step typed right before signout or a link is saved as its list closes, kill -9 or not",
    .standsOn(ItemList.self),
    arguments: ["signout\n", "open items/1\n"])
  func stepBeforeClosingIsSaved(command: String) async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try ItemsFixture.write(1, in: folder)
    let running = try RunningDemo(
      try demoPath(), arguments: ["--data-dir", folder.path], terminal: true)
    #expect(try await running.waitForOutput(containing: "> "))
    running.type(signIn + "items\n")
    #expect(try await running.waitForOutput(containing: "1. Item 1 ×1"))
    // Typed in one go: the list closes inside the pause its step waits for before saving.
    running.type("more 1\n" + command)
    // The save is owed at once, while the demo runs on: it is awaited, then the demo killed
    // without a chance to save anything more.
    let saved = await eventually {
      (try? ItemsFixture.items(in: file).first?["quantity"] as? Int) == 2
        || !running.process.isRunning
    }
    running.signal(SIGKILL)
    _ = await running.exitStatus()
    #expect(saved, "\(running.output)")
    #expect(try ItemsFixture.items(in: file).first?["quantity"] as? Int == 2)
  }

  @Test(
    "a signal is answered while output waits for a reader that never reads; changes saved",
    .standsOn(ItemList.self))
  func signalWhileOutputBlocked() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("script.txt")
    try Data((signIn + "items\nadd Tea\nsave\n" + String(repeating: "state\n", count: 3_000)).utf8)
      .write(to: script)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try demoPath())
    process.arguments = ["--data-dir", folder.path, "--script", script.path]
    // A reader that never reads: the pipe fills, and the demo's next write waits for it.
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let blocked = await eventually {
      Self.isWritingToAFullPipe(process.processIdentifier) || !process.isRunning
    }
    #expect(blocked && process.isRunning, "the demo never waited for its reader")
    kill(process.processIdentifier, SIGTERM)
    #expect(await exitStatus(of: process, within: .seconds(120)) == 143)
    #expect(try ItemsFileContents.names(in: folder.appendingPathComponent("items.json")) == ["Tea"])
    _ = output
  }

  /// Whether a thread of `pid` waits in the kernel to write to a full pipe (Linux's
  /// `/proc/PID/task/TID/wchan` names where a thread sleeps).
  private static func isWritingToAFullPipe(_ pid: Int32) -> Bool {
    let tasks = "/proc/\(pid)/task"
    for task in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
      let place = (try? String(contentsOfFile: "\(tasks)/\(task)/wchan", encoding: .utf8)) ?? ""
      if place.hasSuffix("pipe_write") { return true }
    }
    return false
  }

  @Test(
    "a signal while the change cannot be saved names what is lost and exits 1",
    .standsOn(ItemList.self))
  func signalWithUnsavedChange() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("items.json")
    let text = "{\"version\": 99, \"items\": []}"
    try Data(text.utf8).write(to: file)
    let running = try RunningDemo(try demoPath(), arguments: ["--data-dir", folder.path])
    running.type(signIn + "items\nadd Tea\nsave\n")
    #expect(try await running.waitForOutput(containing: "1. Tea ×1"))
    running.signal(SIGINT)
    #expect(await running.exitStatus() == 1)
    #expect(
      running.output.contains("interrupted; your last changes were not saved and are lost now"))
    #expect(try String(contentsOf: file, encoding: .utf8) == text)
  }

  @Test("a signal while a large file is read at start ends the demo at once; the file is untouched")
  func signalDuringStartupRead() async throws {
    let folder = try ItemsFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try ItemsFixture.write(100_000, in: folder)
    let before = try Data(contentsOf: file)
    let running = try RunningDemo(try demoPath(), arguments: ["--data-dir", folder.path])
    // Until the demo holds a descriptor of the file (Linux's /proc lists them), so the signal
    // lands while it reads; it prints nothing before its files are read, so output means it
    // is too late and the signal lands at the prompt instead.
    let descriptors = "/proc/\(running.process.processIdentifier)/fd"
    let holdsFile = {
      ((try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []).contains {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: descriptors + "/" + $0))
          == file.path
      }
    }
    // Waited for, however slow the machine: the file open, or (too late to land inside the
    // read, where the signal lands at the prompt instead, with the same outcome) output, or
    // an end.
    let ready = await eventually {
      holdsFile() || !running.output.isEmpty || !running.process.isRunning
    }
    #expect(ready, "the demo neither opened its file nor printed anything")
    running.signal(SIGINT)
    #expect(await running.exitStatus() == 130, "\(running.output)")
    #expect(try Data(contentsOf: file) == before)
  }

  @Test(
    "output that cannot be written ends the demo cleanly: one line on standard error, status 1",
    arguments: ["exec \"$0\" --in-memory >&-", "exec \"$0\" --in-memory > /dev/full"])
  func brokenOutput(command: String) async throws {
    let run = try await BuiltExecutable.run(
      atPath: "/bin/sh", arguments: ["-c", command, try demoPath()], input: "+\n+\n")
    #expect(run.status == 1)
    #expect(run.error.hasPrefix("error: cannot write to standard output ("))
    #expect(run.error.split(separator: "\n").count == 1, "\(run.error)")
    #expect(!run.error.contains("Fatal error"))
  }

  @Test("a closed pipe (| head -1) still ends the demo quietly")
  func closedPipe() async throws {
    let run = try await BuiltExecutable.run(
      atPath: "/bin/sh", arguments: ["-c", "\"$0\" --in-memory | head -1", try demoPath()],
      input: String(repeating: "+\n", count: 2_000))
    #expect(run.status == 0)
    #expect(run.output == "» Sign in\n")
    #expect(run.error.isEmpty, "\(run.error)")
  }

  @Test("a script that never ends a line (/dev/zero) ends with the line-too-long error, status 1")
  func endlessScript() async throws {
    let run = try await demo(["--in-memory", "--script", "/dev/zero"])
    #expect(run.status == 1)
    #expect(run.output.contains("error: line 1: the line is longer than the 4096-byte limit"))
  }

  @Test("an option given twice is refused with status 2")
  func optionTwice() async throws {
    let run = try await demo(["--data-dir", "/tmp/a", "--data-dir", "/tmp/b"])
    #expect(run.status == 2)
    #expect(run.error.hasPrefix("error: --data-dir is given twice; give it once"))
  }
}
