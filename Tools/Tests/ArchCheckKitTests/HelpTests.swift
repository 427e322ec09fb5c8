import Foundation
import Testing

/// `--help` on `archcheck` and each of its commands prints usage and exits 0.
@Suite("--help")
struct HelpTests {
  @Test(
    "archcheck and each command answer --help with its usage and exit 0",
    arguments: [
      ("archcheck", ["--help"], "usage: archcheck verify"),
      ("archcheck", ["-h"], "usage: archcheck verify"),
      ("archcheck", ["verify", "--help"], "--build   also builds each feature alone"),
      ("archcheck", ["graph", "--help"], "--format dot"),
      ("archcheck", ["rename-feature", "--help"], "SWITCHYARD_RENAME_FROM"),
      ("archcheck", ["new-feature", "--help"], "SWITCHYARD_FEATURE_NAME"),
    ])
  func help(tool: String, arguments: [String], expected: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try Self.path(of: tool))
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(text.contains(expected), "\(text)")
    #expect(!text.contains("error:"))
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
}
