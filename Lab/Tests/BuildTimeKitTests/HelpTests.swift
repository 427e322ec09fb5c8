import Foundation
import Testing

/// `--help` on `buildtime` and each of its commands prints usage and exits 0.
@Suite("--help")
struct HelpTests {
  @Test(
    "buildtime and each command answer --help with its usage and exit 0",
    arguments: [
      ("buildtime", ["--help"], "usage: buildtime restore"),
      ("buildtime", ["repo", "--help"], "Needs a clean git tree unless --allow-dirty"),
      ("buildtime", ["scale", "-h"], "usage: buildtime scale"),
      ("buildtime", ["restore", "--help"], "from the"),
      ("buildtime", ["fuzz", "--help"], "the two demos must print the same"),
      ("buildtime", ["demo-runs", "--help"], "every golden transcript's input"),
    ])
  func help(tool: String, arguments: [String], expected: String) throws {
    let (status, text) = try Self.run(tool, arguments)
    #expect(status == 0)
    #expect(text.contains(expected), "\(text)")
    #expect(!text.contains("error:"))
  }

  /// Runs `tool` (built next to the test binary) with `arguments` in the temporary folder: its
  /// status and what it printed on both outputs.
  static func run(_ tool: String, _ arguments: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try path(of: tool))
    process.arguments = arguments
    process.currentDirectoryURL = FileManager.default.temporaryDirectory
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  /// A tool built next to the test binary.
  static func path(of tool: String) throws -> String {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    for _ in 0..<5 {
      let candidate = directory.appendingPathComponent(tool).path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory.deleteLastPathComponent()
    }
    throw CocoaError(.fileNoSuchFile)
  }

  @Test(
    "bad options are refused with one line and status 2, before anything is built or edited",
    arguments: [
      (["fuzz", "--edits", "0"], "error: --edits must be a whole number of 1 or more; got '0'"),
      (["fuzz", "--seed", "-3"], "error: --seed must be a whole number from 0 to"),
      (["fuzz", "--runs", "3"], "error: unknown option '--runs' for fuzz"),
      (["repo", "--edits", "3"], "error: unknown option '--edits' for repo"),
      (["demo-runs"], "error: demo-runs needs --demo PATH"),
      (["warm"], "error: give a command: repo, fuzz, demo-runs, scale or restore"),
    ])
  func badOptions(arguments: [String], expected: String) throws {
    let (status, text) = try Self.run("buildtime", arguments)
    #expect(status == 2)
    #expect(text.hasPrefix(expected), "\(text)")
  }
}
