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

  /// Past this many texts the kept scans are dropped, so a long run's memory stays bounded.
  static let maximumEntries = 4_096

  private static let entries = Mutex<[String: ScannedSource]>([:])

  /// The scan of `source`, kept or worked out now.
  static func of(_ source: String) -> ScannedSource {
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
