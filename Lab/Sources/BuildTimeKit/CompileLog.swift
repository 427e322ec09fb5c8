/// Reads which modules and files a build compiled from its verbose log (`swift build -v`).
///
/// Each compile job prints a `swift-frontend -frontend -c` line with `-module-name M` and one
/// `-primary-file F` per file it compiles; batch mode can print a job once per primary file,
/// so pairs are deduplicated. Manifest compiles (`-module-name main` on a `Package.swift`) and
/// module-emitting jobs (`-emit-module` without `-c`) are not counted.
public enum CompileLog {
  /// Module → the files of it that were compiled.
  public static func recompiled(in log: String) -> [String: Set<String>] {
    var result: [String: Set<String>] = [:]
    for line in log.split(separator: "\n")
    where line.contains("swift-frontend") && line.contains(" -c ") {
      let words = line.split(separator: " ")
      var module: String?
      var files: [String] = []
      var index = 0
      while index < words.count {
        if words[index] == "-module-name", index + 1 < words.count {
          module = String(words[index + 1])
          index += 1
        } else if words[index] == "-primary-file", index + 1 < words.count {
          files.append(String(words[index + 1]))
          index += 1
        }
        index += 1
      }
      guard let module else { continue }
      let sources = files.filter {
        !$0.hasSuffix("/Package.swift") && !$0.hasSuffix("Package.swift")
      }
      if module == "main" && sources.isEmpty { continue }
      guard !sources.isEmpty else { continue }
      result[module, default: []].formUnion(sources)
    }
    return result
  }

  /// `AppFeature(1), HogeFeature(2)`: modules by name with their file counts; `none` if empty.
  public static func summary(_ recompiled: [String: Set<String>]) -> String {
    guard !recompiled.isEmpty else { return "none" }
    return recompiled.keys.sorted().map { "\($0)(\(recompiled[$0]!.count))" }.joined(
      separator: ", ")
  }
}
