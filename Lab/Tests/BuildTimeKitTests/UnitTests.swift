import BuildTimeKit
import Foundation
import Testing

@Suite("buildtime: parsing, arithmetic, edits")
struct UnitTests {
  @Test("the log parser counts module/primary-file pairs once, without manifests or module jobs")
  func logParser() {
    let log = """
      /opt/swift/usr/bin/swift-frontend -frontend -c -primary-file /r/App/Package.swift -module-name main -o x
      /opt/swift/usr/bin/swiftc -module-name Hoge -emit-dependencies -emit-module -c /r/A.swift /r/B.swift
      /opt/swift/usr/bin/swift-frontend -frontend -emit-module /r/A.swift /r/B.swift -module-name Hoge
      /opt/swift/usr/bin/swift-frontend -frontend -c /r/A.swift -primary-file /r/B.swift -primary-file /r/C.swift -module-name Hoge -o b.o
      /opt/swift/usr/bin/swift-frontend -frontend -c /r/A.swift -primary-file /r/B.swift -primary-file /r/C.swift -module-name Hoge -o c.o
      /opt/swift/usr/bin/swift-frontend -frontend -c -primary-file /r/App.swift -module-name AppFeature -o a.o
      Build complete!
      """
    let recompiled = CompileLog.recompiled(in: log)
    #expect(recompiled == ["Hoge": ["/r/B.swift", "/r/C.swift"], "AppFeature": ["/r/App.swift"]])
    #expect(CompileLog.summary(recompiled) == "AppFeature(1), Hoge(2)")
    #expect(CompileLog.summary([:]) == "none")
  }

  @Test("median, min and max of odd and even counts; nothing for no samples")
  func statistics() throws {
    let odd = try #require(Statistics([3, 1, 2]))
    #expect((odd.median, odd.min, odd.max, odd.count) == (2, 1, 3, 3))
    let even = try #require(Statistics([4, 1, 3, 2]))
    #expect(even.median == 2.5)
    #expect(Statistics([]) == nil)
    #expect(Statistics([7])?.median == 7)
  }

  @Test("a body edit changes only one string literal inside a function; an interface edit appends")
  func edits() throws {
    let source = """
      let top = "not in a function"
      struct S {
        func f() -> String {
          "body"
        }
      }
      """
    let edited = try SourceEdit.body(run: 2, original: source)
    #expect(
      edited == source.replacingOccurrences(of: "    \"body\"", with: "    /* bt2 */ \"body\""))
    #expect(
      SourceEdit.interface(run: 1, original: source).hasSuffix(
        "public func buildtimeProbe1() {}  // buildtime-probe\n"))
    #expect(throws: BuildTimeError.self) { try SourceEdit.body(run: 1, original: "let x = 1\n") }
  }

  @Test("a literal in a stored property's closure or a protocol is not a body; one after it is")
  func bodyEditSkipsInitializers() throws {
    let source = """
      protocol P {
        func required() -> String
        var name: String { get }
      }
      struct S {
        static let standard = S { message in
          let flat = message.split(separator: " ").joined(separator: " ")
        }
        init(_ body: (String) -> Void) {}
        func f() -> String {
          "body"  // "not a brace {"
        }
      }
      """
    let edited = try SourceEdit.body(run: 1, original: source)
    #expect(
      edited == source.replacingOccurrences(of: "    \"body\"", with: "    /* bt1 */ \"body\""))
  }

  @Test("unknown scenarios and feature counts below 1 are refused with one line")
  func badOptions() throws {
    #expect(
      throws: BuildTimeError.invalidInput(
        "unknown scenario 'warm'; choose from null, body, interface, add-file, delete-file, layout")
    ) {
      try Scenario.parseList("body,warm")
    }
    #expect(throws: BuildTimeError.self) { try ScaleTiming.parseCounts("4,0") }
    #expect(throws: BuildTimeError.self) { try ScaleTiming.parseCounts("x") }
    #expect(try ScaleTiming.parseCounts("4,16") == [4, 16])
  }
}

@Suite("EditJournal")
struct EditJournalTests {
  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "journal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("a journal left by a killed run restores edited files and removes added ones")
  func recoversEditedAndAddedFiles() throws {
    let root = try folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let edited = root.appendingPathComponent("Edited.swift")
    let added = root.appendingPathComponent("Probe.swift")
    let scratch = root.appendingPathComponent("scratch")
    try Data("let original = 1\n".utf8).write(to: edited)
    let guardian = FileGuard()
    let journal = EditJournal.location(root: root)
    #expect(try guardian.useJournal(at: journal).isEmpty)
    guardian.protect(edited)
    guardian.protect(added)
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    guardian.removeOnExit(scratch)
    try Data("let edited = 2\n".utf8).write(to: edited)
    try Data("// probe\n".utf8).write(to: added)
    // The run is killed here: nothing restores but the journal.
    let restored = try EditJournal.recover(from: journal)
    #expect(Set(restored) == [edited.path, added.path])
    #expect(try String(contentsOf: edited, encoding: .utf8) == "let original = 1\n")
    #expect(!FileManager.default.fileExists(atPath: added.path))
    #expect(!FileManager.default.fileExists(atPath: scratch.path))
    #expect(!FileManager.default.fileExists(atPath: journal.path))
    #expect(try EditJournal.recover(from: journal).isEmpty)
  }

  @Test("a damaged journal is refused with what to do, and files are left alone")
  func damagedJournal() throws {
    let root = try folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let journal = EditJournal.location(root: root)
    try FileManager.default.createDirectory(
      at: journal.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("{ not json".utf8).write(to: journal)
    #expect {
      try EditJournal.recover(from: journal)
    } throws: { error in
      "\(error)".contains("is not a journal this tool can read; check the files it names")
    }
  }
}

@Suite("buildtime scale: cached rows")
struct ScaleCachedRowsTests {
  /// A row of one sample, as the report's JSON holds it.
  private func row(_ layout: String, _ scenario: String, cpu: Double) -> String {
    """
    {"features": 4, "layout": "\(layout)", "scenario": "\(scenario)",
     "samples": [1], "statistics": {"median": 1, "min": 1, "max": 1, "count": 1},
     "cpuSamples": [\(cpu)],
     "cpuStatistics": {"median": \(cpu), "min": \(cpu), "max": \(cpu), "count": 1},
     "loadAverages": [0.5]}
    """
  }

  @Test("a cached row is held against the monolith's cold build, which has no cache")
  func cachedRatio() throws {
    let json = """
      {"machine": {"cores": 2, "swiftVersion": "6.3.1", "buildSystem": "native", "system": "Linux"},
       "date": "2026-11-26T00:00:00Z", "runs": 1,
       "rows": [\(row("monolith", "cold", cpu: 20)), \(row("workspace", "cold", cpu: 30)),
                \(row("workspace", "cached-second-clone", cpu: 8))]}
      """
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let report = try decoder.decode(ScaleReport.self, from: Data(json.utf8))
    let lines = report.markdown(command: "buildtime scale").split(separator: "\n")
    let cached = try #require(lines.first { $0.hasPrefix("| cached-second-clone |") })
    // workspace / monolith: 8 / 20.
    #expect(cached.contains("| 0.40x |"), "\(cached)")
    let cold = try #require(lines.first { $0.hasPrefix("| cold |") })
    #expect(cold.contains("| 1.50x |"), "\(cold)")
  }
}
