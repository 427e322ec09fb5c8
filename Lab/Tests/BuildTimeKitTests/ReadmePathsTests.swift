import Foundation
import Testing

/// The lab's README names the tools' and reports' files by path: each must be there.
@Suite("Lab/README.md")
struct ReadmePathsTests {
  /// The repository's root, from this file's place in it.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test("every path of the lab, the tools or the docs that the README names exists")
  func pathsExist() throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("Lab/README.md"), encoding: .utf8)
    let named = readme.matches(of: /`((?:Lab|Tools|Docs)\/[^`* <]+)`/).map { String($0.output.1) }
    #expect(!named.isEmpty)
    for path in named {
      #expect(
        FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path),
        "Lab/README.md names \(path), which is not there")
    }
  }
}
