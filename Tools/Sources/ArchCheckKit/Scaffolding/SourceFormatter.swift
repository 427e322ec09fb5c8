import Foundation

/// Formats generated and edited sources with `swift format` and the repo's `.swift-format`, so
/// that what the scaffolder writes passes `make lint` whatever the name (imports sorted where
/// the name falls, long lines wrapped).
enum SourceFormatter {
  /// Formats `files` in place. Returns nil when done, or one line saying why not (the files are
  /// then left as generated, and `make format` fixes them).
  static func format(_ files: [URL], root: URL) -> String? {
    guard !files.isEmpty else { return nil }
    var arguments = ["swift", "format", "format", "--in-place"]
    let configuration = root.appendingPathComponent(".swift-format")
    if FileManager.default.fileExists(atPath: configuration.path) {
      arguments += ["--configuration", configuration.path]
    }
    arguments += files.map(\.path)
    do {
      let output = try Shell.run(arguments)
      guard output.status == 0 else {
        let reason =
          output.stderr.split(separator: "\n").first.map(String.init) ?? "no reason given"
        return "swift format failed (\(reason)); run make format before make check"
      }
      return nil
    } catch {
      return "swift format could not start (\(error)); run make format before make check"
    }
  }

  /// `texts` formatted as if they were at their paths: written to a scratch folder, formatted,
  /// read back. Unchanged when formatting is not possible.
  static func format(
    _ texts: [String: String], root: URL, scratch: URL
  ) -> (texts: [String: String], problem: String?) {
    var urls: [String: URL] = [:]
    for (path, text) in texts {
      let url = scratch.appendingPathComponent(path)
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        urls[path] = url
      } catch {
        return (texts, "cannot format \(path): \(error.localizedDescription)")
      }
    }
    if let problem = format(Array(urls.values), root: root) { return (texts, problem) }
    var formatted = texts
    for (path, url) in urls {
      if let text = try? String(contentsOf: url, encoding: .utf8) { formatted[path] = text }
    }
    return (formatted, nil)
  }
}
