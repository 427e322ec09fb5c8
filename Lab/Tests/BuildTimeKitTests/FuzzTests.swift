import Foundation
import Testing

@testable import BuildTimeKit

/// The edit fuzzer's parts, without a build: its seeded choices, its edits (every file it
/// writes still parses; an edit undone is the file as it was), the demo runs it compares, and
/// how a difference is told.
@Suite("the edit fuzzer")
struct FuzzTests {
  @Test("a seed gives the same numbers every time; another seed others")
  func seeded() {
    var first = SeededGenerator(seed: 42)
    var second = SeededGenerator(seed: 42)
    var other = SeededGenerator(seed: 43)
    let a = (0..<20).map { _ in first.next() }
    #expect(a == (0..<20).map { _ in second.next() })
    #expect(a != (0..<20).map { _ in other.next() })
    var bounded = SeededGenerator(seed: 1)
    #expect((0..<1_000).allSatisfy { _ in (0..<7).contains(bounded.below(7)) })
    // SplitMix64's first number for seed 0, as published: the same on every machine.
    var zero = SeededGenerator(seed: 0)
    #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
  }

  /// Runs `count` edits with `seed` on a fresh fixture; their descriptions, and the fixture.
  static func edits(seed: UInt64, count: Int) throws -> (
    descriptions: [String], fixture: TimingFixture
  ) {
    let fixture = try TimingFixture()
    let guardian = FileGuard()
    var tree = try FuzzTree(root: fixture.root, seed: seed, guardian: guardian)
    var descriptions: [String] = []
    for number in 1...count {
      descriptions.append(try tree.makeEdit(number: number).description)
    }
    guardian.restoreAll()
    return (descriptions, fixture)
  }

  @Test("the same seed on the same tree makes the same edits")
  func reproducible() throws {
    let (first, one) = try Self.edits(seed: 9, count: 25)
    defer { one.remove() }
    let (second, two) = try Self.edits(seed: 9, count: 25)
    defer { two.remove() }
    #expect(first == second)
    #expect(Set(first.map { $0.prefix(12) }).count > 3, "\(first)")
  }

  @Test("every file the edits write still parses, and undoing an edit puts its files back")
  func editsParse() throws {
    let fixture = try TimingFixture()
    defer { fixture.remove() }
    let guardian = FileGuard()
    let original = try Self.swiftFiles(fixture.root)
    var tree = try FuzzTree(root: fixture.root, seed: 5, guardian: guardian)
    var kinds: Set<String> = []
    for number in 1...60 {
      let before = try Self.swiftFiles(fixture.root)
      let edit = try tree.makeEdit(number: number)
      kinds.insert(String(edit.description.prefix(20)))
      if number % 10 == 0 {
        try tree.undo(edit)
        #expect(try Self.swiftFiles(fixture.root) == before, "\(edit.description)")
      }
      for file in edit.files where FileManager.default.fileExists(atPath: file.path) {
        let parse = try Self.parse(file.path)
        #expect(parse.isEmpty, "after \(edit.description): \(parse)")
      }
    }
    guardian.restoreAll()
    #expect(try Self.swiftFiles(fixture.root) == original)
    #expect(kinds.count > 4, "\(kinds)")
  }

  /// Every Swift file under `root` with its bytes.
  static func swiftFiles(_ root: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
      if url.pathExtension == "swift" { files[url.path] = try Data(contentsOf: url) }
    }
    return files
  }

  /// What `swiftc -parse` says of the file; empty when it parses.
  static func parse(_ path: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc", "-parse", path]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return process.terminationStatus == 0 ? "" : output
  }

  @Test("a stored property goes at the top of a struct (var) or class (let); even runs undo it")
  func layoutEdit() throws {
    let source = "import Foundation\n\npublic struct State: Equatable {\n  var name = \"\"\n}\n"
    let added = try SourceEdit.layout(run: 1, original: source)
    #expect(
      added.contains("public struct State: Equatable {\n  var buildtimeProbe: [Int] = [7, 8, 9]"))
    #expect(try SourceEdit.layout(run: 2, original: source) == source)
    let feature = "struct Hoge {\n  struct State {\n    var name = \"\"\n  }\n}\n"
    #expect(
      try SourceEdit.layout(run: 1, original: feature).contains(
        "  struct State {\n    var buildtimeProbe"))
    let model = "final class Model: @unchecked Sendable {\n  var count = 0\n}\n"
    #expect(try SourceEdit.layout(run: 3, original: model).contains("  let buildtimeProbe"))
    #expect(throws: BuildTimeError.self) {
      try SourceEdit.layout(run: 1, original: "enum E { case a }\nfunc f() {}\n")
    }
  }

  /// A demo stand-in: prints its arguments and its script, then ends as `ending` says.
  static func fakeDemo(_ folder: URL, ending: String) throws -> URL {
    let url = folder.appendingPathComponent("demo")
    let script = """
      #!/bin/sh
      echo "args: $*"
      while [ $# -gt 0 ]; do [ "$1" = --script ] && cat "$2"; shift; done
      \(ending)

      """
    try Data(script.utf8).write(to: url)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    return url
  }

  /// A root with two transcripts, one of which opens two links (one twice).
  static func transcripts() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "demo-runs-\(UUID().uuidString)")
    let folder = root.appendingPathComponent("Tests/Transcripts")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("signin Ann\ndone\nopen a/b\nopen c\nopen a/b\n".utf8).write(
      to: folder.appendingPathComponent("links.input"))
    try Data("+\n".utf8).write(to: folder.appendingPathComponent("counter.input"))
    try Data("ignored\n".utf8).write(to: folder.appendingPathComponent("counter.expected"))
    return root
  }

  @Test("every transcript's input runs as it is, and each link once, at start after the sign-in")
  func demoRuns() throws {
    let root = try Self.transcripts()
    defer { try? FileManager.default.removeItem(at: root) }
    let runs = try DemoRuns(root: root).runs()
    #expect(
      runs.map(\.name) == [
        "counter.input", "links.input", "links.input --open a/b", "links.input --open c",
      ])
    #expect(runs[2].arguments == DemoRuns.flags + ["--open", "a/b"])
    #expect(runs[2].script == "signin Ann\ndone\nlink\n")
    let output = try DemoRuns(root: root).outputs(demo: try Self.fakeDemo(root, ending: "exit 3"))
    #expect(output.hasPrefix("== counter.input\nargs: --in-memory --fresh --keep-going --script "))
    #expect(output.contains("+\nexit 3\n== links.input\n"))
  }

  @Test("a crash is told by its signal, and a run that hangs is stopped and told as such")
  func demoEndings() throws {
    let root = try Self.transcripts()
    defer { try? FileManager.default.removeItem(at: root) }
    let crashing = try DemoRuns(root: root).outputs(
      demo: try Self.fakeDemo(root, ending: "kill -SEGV $$"))
    #expect(crashing.contains("signal 11\n"))
    var hanging = DemoRuns(root: root)
    hanging.limit = .milliseconds(300)
    let hung = try hanging.outputs(demo: try Self.fakeDemo(root, ending: "exec sleep 600"))
    #expect(hung.contains("hung: stopped after"))
  }

  @Test("no transcript to run with is refused with one line")
  func noTranscripts() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "demo-runs-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("Tests/Transcripts"), withIntermediateDirectories: true)
    #expect(throws: BuildTimeError.self) { try DemoRuns(root: root).runs() }
  }

  @Test("a difference names the run and the first line where the builds part")
  func difference() {
    let clean = "== a.input\nHello\nexit 0\n== b.input\nCount: 1\nexit 0\n"
    #expect(ProductCheck.difference(expected: clean, actual: clean) == nil)
    let stale = "== a.input\nHello\nexit 0\n== b.input\nsignal 11\n"
    #expect(
      ProductCheck.difference(expected: clean, actual: stale)
        == "in b.input: line 5: a clean build prints \"Count: 1\", the incremental build \"signal 11\""
    )
  }
}
