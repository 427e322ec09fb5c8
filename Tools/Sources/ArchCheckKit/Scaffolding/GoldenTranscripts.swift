import Foundation

/// The golden transcripts' expected outputs, which the check after `make route` or `make
/// remove-feature` may record again (a command list, a panel changed): kept in those tools'
/// journals so an undone run leaves them as they were, and listed when they changed.
enum GoldenTranscripts {
  /// The golden transcripts' expected outputs, which the check after a removal may record
  /// again, from the root.
  static func transcripts(root: URL) -> [String] {
    let folder = root.appendingPathComponent("Tests/Transcripts")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".expected") }.sorted().map { "Tests/Transcripts/\($0)" }
  }

  /// A line for each transcript the check recorded again (its output changed with the edit:
  /// a command list, a panel), for the person to review.
  static func recorded(_ transcripts: [String], originals: [String: String?], root: URL)
    -> [String]
  {
    transcripts.compactMap { path in
      let now = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      guard let now, let before = originals[path] ?? nil, now != before else { return nil }
      return "recorded \(path) again: its output changed with the edit (review git diff)"
    }
  }
}
