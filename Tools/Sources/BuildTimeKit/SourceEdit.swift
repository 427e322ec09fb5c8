import Foundation

/// The controlled edits: each run makes a different edit, so consecutive runs each see a
/// change; every file is protected by ``FileGuard`` before it is touched.
public enum SourceEdit {
  /// The marker on the line an interface edit adds.
  static let probeMarker = "// buildtime-probe"

  /// Whether `file` has a string literal inside a function body to edit.
  public static func hasBodyLiteral(_ text: String) -> Bool {
    bodyLiteralLine(in: text.components(separatedBy: "\n")) != nil
  }

  /// A body-only edit: a token inserted at the start of the first string literal inside a
  /// function body. Nothing outside the function changes.
  public static func body(run: Int, original: String) throws(BuildTimeError) -> String {
    var lines = original.components(separatedBy: "\n")
    guard let index = bodyLiteralLine(in: lines), let quote = lines[index].firstIndex(of: "\"")
    else {
      throw .edit("no string literal inside a function body to edit")
    }
    lines[index].insert(contentsOf: "bt\(run) ", at: lines[index].index(after: quote))
    return lines.joined(separator: "\n")
  }

  /// An interface edit: a new public function at the end of the file (a different one each
  /// run), which changes the module's interface.
  public static func interface(run: Int, original: String) -> String {
    let base = original.hasSuffix("\n") ? original : original + "\n"
    return base + "\npublic func buildtimeProbe\(run)() {}  \(probeMarker)\n"
  }

  /// A new file's contents.
  public static func newFile(run: Int) -> String {
    "func buildtimeProbe\(run)() {}\n"
  }

  private static func bodyLiteralLine(in lines: [String]) -> Int? {
    var insideFunction = false
    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.contains("func ") && !trimmed.hasPrefix("//") {
        insideFunction = true
        continue
      }
      guard insideFunction, !trimmed.hasPrefix("//"), !trimmed.hasPrefix("@"),
        !line.contains("\"\"\""), !line.contains("#\""), line.hasPrefix("    "),
        line.contains("\"")
      else { continue }
      return index
    }
    return nil
  }
}
