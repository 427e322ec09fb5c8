import Foundation

/// Where this repository's files are, for tests that read them (transcripts) or build in it.
enum SourceTree {
  /// The repository's root: found from this file's place in it, or — when the compilation cache
  /// compiled the tests with their source paths written as `/^src/…` (`make test CACHE=1`, so
  /// every clone's build shares one cache), which names no folder here — from the folder
  /// `swift test` runs in: the root, or `Tests/` when this package is built alone.
  static let root: URL = {
    let fromSource = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    if FileManager.default.fileExists(atPath: fromSource.path) { return fromSource }
    let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let isTestsPackage = FileManager.default.fileExists(
      atPath: current.appendingPathComponent("Transcripts").path)
    return isTestsPackage ? current.deletingLastPathComponent() : current
  }()

  /// The case names of the App's screen list (`case hoge(Hoge)` in the enum that conforms to
  /// `ScreenList` under `App/Sources`), in order: what a test that must hold for every screen
  /// reads, so that adding, renaming or removing a screen never breaks it.
  static func screenList() -> [String] {
    screens().map(\.caseName)
  }

  /// The screen list's cases with their reducers (`hoge`, `Hoge`), in order.
  static func screens() -> [(caseName: String, reducer: String)] {
    let sources = root.appendingPathComponent("App/Sources")
    let files =
      FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }
      .filter { $0.pathExtension == "swift" && !$0.lastPathComponent.hasSuffix(".generated.swift") }
      ?? []
    for file in files.sorted(by: { $0.path < $1.path }) {
      guard let text = try? String(contentsOf: file, encoding: .utf8),
        let start = text.range(of: #"enum \w+: ScreenList \{"#, options: .regularExpression)
      else { continue }
      var names: [(caseName: String, reducer: String)] = []
      for line in text[start.upperBound...].split(separator: "\n") {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("}") { break }
        guard trimmed.hasPrefix("case "), let open = trimmed.firstIndex(of: "("),
          let close = trimmed.lastIndex(of: ")")
        else { continue }
        names.append(
          (
            String(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 5)..<open]),
            String(trimmed[trimmed.index(after: open)..<close])
          ))
      }
      return names
    }
    return []
  }
}
