import Synchronization

/// A Swift file's code with comments and strings blanked (``SwiftSourceScanner/codeOnly(_:)``)
/// and its tokens (``SwiftTokens``), worked out once per text in a process: `make check` reads
/// every file's imports for two rules and scans it for `@CasePathable` enums, and the tools'
/// tests check copies of the same repo again and again.
struct ScannedSource {
  /// The code only, line breaks kept.
  let code: String
  /// The tokens of ``code``.
  let tokens: [SwiftTokens.Token]

  /// The scan of `source`, kept in this process or worked out now.
  static func of(_ source: String) -> ScannedSource { shared.scan(source) }

  /// The process's scans.
  static let shared = Cache(maximumEntries: 4_096)

  /// Scans kept by text. Past ``maximumEntries`` texts they are all dropped, so a long run's
  /// memory stays bounded.
  final class Cache: Sendable {
    let maximumEntries: Int
    private let entries = Mutex<[String: ScannedSource]>([:])

    init(maximumEntries: Int) {
      self.maximumEntries = maximumEntries
    }

    /// How many texts are kept.
    var count: Int { entries.withLock { $0.count } }

    /// The scan of `source`, kept or worked out now (and then kept).
    func scan(_ source: String) -> ScannedSource {
      if let kept = entries.withLock({ $0[source] }) { return kept }
      let code = SwiftSourceScanner.codeOnly(source)
      let scanned = ScannedSource(code: code, tokens: SwiftTokens.tokens(in: code))
      entries.withLock { entries in
        if entries.count >= maximumEntries { entries.removeAll() }
        entries[source] = scanned
      }
      return scanned
    }
  }
}
