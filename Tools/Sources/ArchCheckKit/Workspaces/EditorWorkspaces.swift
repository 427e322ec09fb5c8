import Foundation

/// The editors' views of the monorepo: `Switchyard.xcworkspace` for Xcode and
/// `Switchyard.code-workspace` for VS Code. Written from the repo's packages by
/// `make generate`; `make check` fails when one is missing or not what it should be (rule 10).
///
/// No source file is indexed twice. Xcode's lists the repo's own documents and scripts
/// (README, ARCHITECTURE, CONTRIBUTING, CHANGELOG, LICENSE, Makefile, Docs, .ci) as plain
/// file references, then every package folder, each opened with its own manifest; the root
/// `Package.swift` is left out, since it holds the same sources. VS Code's opens the repo's
/// root folder, where SourceKit-LSP finds the root workspace (every app package's module in one
/// manifest), plus each package that workspace leaves out (`Tools`, `TCAExamples`, `Fuzz`, `Lab`); listing the
/// app packages too would index their files twice. So adding a feature never changes VS
/// Code's file, and Xcode's gains one line per package, which two branches merge line by line.
public enum EditorWorkspaces {
  /// Xcode's workspace: a folder whose `contents.xcworkspacedata` lists the packages.
  public static let xcodePath = "Switchyard.xcworkspace/contents.xcworkspacedata"
  /// VS Code's multi-root workspace.
  public static let codePath = "Switchyard.code-workspace"

  /// The root's documents and scripts Xcode's workspace shows, when the repo has them.
  static let rootDocuments = [
    "README.md", "ARCHITECTURE.md", "CONTRIBUTING.md", "CHANGELOG.md", "LICENSE", "Makefile",
    "Docs", ".ci",
  ]

  /// The name VS Code shows for the repo's root folder.
  static let rootFolderName = "Switchyard (root: README, Makefile, every app package)"

  /// Each file's path (relative to the root) and the text it should have.
  static func files(for repo: Repo) -> [(path: String, text: String)] {
    let folders = repo.manifests.map { (name: $0.name, path: repo.relativePath($0.directory)) }
    let documents = rootDocuments.filter {
      FileManager.default.fileExists(atPath: repo.root.appendingPathComponent($0).path)
    }
    let outsideRoot = folders.filter {
      RootWorkspace.excludedFolders.contains($0.path)
    }
    return [
      (xcodePath, xcodeWorkspace(documents + folders.map(\.path))),
      (codePath, codeWorkspace([(name: rootFolderName, path: ".")] + outsideRoot)),
    ]
  }

  /// Writes the files that are missing or not current; returns the paths written.
  @discardableResult
  public static func write(root: URL) throws(ArchCheckError) -> [String] {
    let (repo, problems) = try Repo.load(root: root)
    if let problem = problems.first { throw .invalidInput(problem.description) }
    var written: [String] = []
    for file in files(for: repo) {
      let url = repo.root.appendingPathComponent(file.path)
      guard !holds(url, file.text) else { continue }
      try FileWriter.replaceCreatingFolder(url, with: file.text)
      written.append(file.path)
    }
    return written
  }

  /// Rule 10: both files exist and hold exactly what `files(for:)` says.
  static func check(_ repo: Repo) -> [Violation] {
    files(for: repo).compactMap { file in
      guard !holds(repo.root.appendingPathComponent(file.path), file.text) else { return nil }
      return Violation(
        path: file.path, line: 1,
        message: "the editor workspace is missing or does not list the repo's packages; "
          + "run make generate and commit the result")
    }
  }

  /// Whether the file at `url` exists and holds exactly `text`.
  private static func holds(_ url: URL, _ text: String) -> Bool {
    (try? String(contentsOf: url, encoding: .utf8)) == text
  }

  static func xcodeWorkspace(_ paths: [String]) -> String {
    var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, "<Workspace", #"   version = "1.0">"#]
    // One line per entry, so two branches that each add a package merge line by line.
    for path in paths {
      lines.append("   <FileRef location = \"group:\(xmlEscaped(path))\"></FileRef>")
    }
    lines.append("</Workspace>")
    return lines.joined(separator: "\n") + "\n"
  }

  static func codeWorkspace(_ folders: [(name: String, path: String)]) -> String {
    var lines = ["{", #"  "folders": ["#]
    for (index, folder) in folders.enumerated() {
      let comma = index == folders.count - 1 ? "" : ","
      lines.append(
        "    { \"name\": \(jsonString(folder.name)), \"path\": \(jsonString(folder.path)) }\(comma)"
      )
    }
    lines += ["  ],", #"  "settings": {}"#, "}"]
    return lines.joined(separator: "\n") + "\n"
  }

  private static func xmlEscaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  private static func jsonString(_ text: String) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case _ where scalar.value < 0x20: escaped += String(format: "\\u%04x", scalar.value)
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }
}
