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
