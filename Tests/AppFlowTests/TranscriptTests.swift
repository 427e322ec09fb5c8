import AppFeature
import CoreConsole
import CoreDependencies
import CoreStore
import CoreTesting
import CoreUI
import EntryFeature
import Foundation
import ItemListFeature
import ItemsClient
import NavigationLogClient
import Testing

/// One scripted session: `Transcripts/<name>.input` run through the real console and router,
/// compared with `Transcripts/<name>.expected`.
struct Transcript: CustomTestStringConvertible, Sendable {
  static let directory = SourceTree.root.appendingPathComponent("Tests/Transcripts")

  /// Every session in the folder, by name.
  static var all: [Transcript] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".input") }.sorted().map {
      Transcript(name: String($0.dropLast(".input".count)))
    }
  }

  let name: String
  var testDescription: String { name }
  var inputURL: URL { Self.directory.appendingPathComponent("\(name).input") }
  var expectedURL: URL { Self.directory.appendingPathComponent("\(name).expected") }

  /// The input's bytes, with the placeholders for input a text file cannot hold replaced:
  /// a line `@@invalid-utf8@@` becomes bytes that are not UTF-8, and `@@bytes:N@@` a line of N
  /// bytes.
  func inputBytes() throws -> [UInt8] {
    var bytes: [UInt8] = []
    let text = try String(contentsOf: inputURL, encoding: .utf8)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      if line == "@@invalid-utf8@@" {
        bytes += [0x6F, 0x70, 0x65, 0x6E, 0x20, 0xC3, 0x28]
      } else if line.hasPrefix("@@bytes:"), let count = Int(line.dropFirst(8).dropLast(2)) {
        bytes += [UInt8](repeating: UInt8(ascii: "a"), count: count)
      } else {
        bytes += Array(line.utf8)
      }
      bytes.append(UInt8(ascii: "\n"))
    }
    return bytes
  }
}

@MainActor
@Suite("Console transcripts")
struct TranscriptTests {
  @Test("each scripted session prints exactly its golden transcript", arguments: Transcript.all)
  func session(_ transcript: Transcript) async throws {
    let actual = try await run(transcript)
    if ProcessInfo.processInfo.environment["SWITCHYARD_RECORD_TRANSCRIPTS"] == "1" {
      try actual.write(to: transcript.expectedURL, atomically: true, encoding: .utf8)
    }
    let expected = (try? String(contentsOf: transcript.expectedURL, encoding: .utf8)) ?? ""
    if actual != expected {
      let diff = TextDiff.lines(
        from: expected.components(separatedBy: "\n"), to: actual.components(separatedBy: "\n"))
      Issue.record(
        Comment(
          rawValue: ([
            "\(transcript.name): transcript differs (- golden, + actual); "
              + "rerun with SWITCHYARD_RECORD_TRANSCRIPTS=1 to accept:"
          ] + diff).joined(separator: "\n")))
    }
  }

  @Test("a session prints the same whatever sessions ran before it in the process")
  func sessionsAreIndependent() async throws {
    // The folder's transcripts, whichever the app has: the first, every other, the first again.
    let all = Transcript.all
    guard let first = all.first else { return }  // an app whose transcripts were all removed
    let before = try await run(first)
    for other in all.dropFirst() {
      _ = try await run(other)
    }
    let again = try await run(first)
    #expect(again == before)
  }

  /// Runs a transcript's input through a new console on the router, in script mode.
  private func run(_ transcript: Transcript) async throws -> String {
    let output = ConsoleOutput.buffer()
    let console = AppReducer.console {
      $0.context = .test
      $0.issueReporter = .swiftTesting
      $0.items = .inMemory(Item.samples)
      $0.uuid = .incrementing
      $0.continuousClock = ImmediateClock()
      $0.navigationLog = NavigationLogClient { line in
        await MainActor.run { output.write("log: \(line)\n") }
      }
    }
    var options = ConsoleOptions(mode: .script)
    options.keepGoing = true
    let exit = await console.run(
      input: .bytes(try transcript.inputBytes()), output: output, options: options)
    return output.text + "exit: \(exit.status)\n"
  }

  @Test("every transcript's input has its golden output beside it, and every output its input")
  func sessionsArePaired() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Transcript.directory.path)
    let inputs = Set(files.filter { $0.hasSuffix(".input") }.map { $0.dropLast(".input".count) })
    let outputs = Set(
      files.filter { $0.hasSuffix(".expected") }.map { $0.dropLast(".expected".count) })
    #expect(inputs == outputs)
  }
}
