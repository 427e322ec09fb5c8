import Foundation

/// Whether sources a tool is about to write still parse, asked of the compiler's parser
/// (`swiftc -parse`: no type checking, a fraction of a second), so an edit that went wrong on
/// formatting the tools did not foresee is refused instead of written.
enum SourceParseCheck {
  /// The first syntax error in `texts` (path to contents), as `path:line: message`, with
  /// paths as given; nil when every text parses, or when the parser cannot be run (the build
  /// then says what is wrong).
  static func firstError(in texts: [String: String], scratch: URL) -> String? {
    var paths: [String: String] = [:]
    var files: [String] = []
    for (path, text) in texts.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".swift") {
      let url = scratch.appendingPathComponent("parse").appendingPathComponent(path)
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
      } catch {
        return nil
      }
      paths[url.path] = path
      files.append(url.path)
    }
    // The compiler refuses two files of one name in a run (`Package.swift` of two packages):
    // one run per batch of distinct names.
    var batches: [[String]] = []
    for file in files {
      let name = (file as NSString).lastPathComponent
      if let index = batches.firstIndex(where: {
        !$0.contains { ($0 as NSString).lastPathComponent == name }
      }) {
        batches[index].append(file)
      } else {
        batches.append([file])
      }
    }
    for batch in batches {
      if let error = firstError(parsing: batch, paths: paths) { return error }
    }
    return nil
  }

  /// The first syntax error of one `swiftc -parse` run over `files`, named as `paths` gives.
  private static func firstError(parsing files: [String], paths: [String: String]) -> String? {
    guard let output = try? Shell.run(["swiftc", "-parse"] + files), output.status != 0 else {
      return nil
    }
    // `/scratch/…/Hoge.swift:12:5: error: expected '{' in enum`, the file named as given.
    for line in output.stderr.split(separator: "\n") where line.contains(": error: ") {
      let parts = line.split(separator: ":", maxSplits: 3)
      guard parts.count == 4, let path = paths[String(parts[0])] else { continue }
      let message = parts[3].replacingOccurrences(of: " error: ", with: "")
      return "\(path):\(parts[1]): \(message)"
    }
    return "the edited sources do not parse: "
      + (output.stderr.split(separator: "\n").first.map(String.init) ?? "swiftc -parse failed")
  }
}
