/// One edit the scaffolder makes in an App file: lines inserted where they belong (among the
/// manifest's feature entries in sorted order, or after the screen list's last case), with
/// the indentation of their neighbours.
struct AppInsertion {
  /// The file, relative to the repo root.
  let file: String
  /// Where the lines go: ``packages``, ``products`` or ``screenList``.
  let marker: String
  /// The lines to insert, without indentation.
  let lines: [String]
  /// A module to import in that file, kept in sorted order.
  let importModule: String?

  /// The manifest's feature packages: the new one goes among them in sorted order, so two
  /// branches that each add a feature touch different lines.
  static let packages = "feature packages"
  /// The App target's feature products, likewise.
  static let products = "feature products"

  /// The marker of the screen list: not a comment but the list itself, an enum conforming
  /// to `ScreenList`; its case goes after the last one.
  static let screenList = "ScreenList"

  /// The edits for a new feature: its package and product in the App's manifest, and its
  /// line in the screen list. Everything else the App knows of a screen is generated.
  static func all(for feature: FeatureName) -> [AppInsertion] {
    let name = feature.name
    let module = feature.module
    return [
      AppInsertion(
        file: "App/Package.swift", marker: packages,
        lines: [".package(path: \"../Packages/\(module)\"),"], importModule: nil),
      AppInsertion(
        file: "App/Package.swift", marker: products,
        lines: [".product(name: \"\(module)\", package: \"\(module)\"),"], importModule: nil),
      AppInsertion(
        file: "App/Sources/AppFeature/Screens.swift", marker: screenList,
        lines: [
          "/// \(name) (\(feature.module)): pushed when a feature asks for `.\(feature.caseName)`.",
          "case \(feature.caseName)(\(name))",
        ],
        importModule: module),
    ]
  }

  /// `text` with this insertion made, or nil when the marker is missing.
  func apply(to text: String) -> String? {
    var lines = text.components(separatedBy: "\n")
    guard let (index, indentation) = insertionPoint(in: lines) else { return nil }
    lines.insert(contentsOf: self.lines.map { $0.isEmpty ? "" : indentation + $0 }, at: index)
    var result = lines.joined(separator: "\n")
    if let importModule {
      result = Self.addingImport(importModule, to: result)
    }
    return result
  }

  /// Where the lines go and how they are indented: above the marker comment, or after the
  /// last case of the screen list (before the brace that closes it).
  private func insertionPoint(in lines: [String]) -> (Int, String)? {
    switch marker {
    case Self.packages:
      return sortedPosition(in: lines) {
        $0.contains(".package(path: \"../Packages/") && $0.contains("Feature\")")
      }
    case Self.products:
      return sortedPosition(in: lines) {
        $0.contains(".product(name: \"") && $0.contains("Feature\")")
      }
    case Self.screenList:
      return endOfScreenList(in: lines)
    default:
      guard let index = lines.firstIndex(where: { $0.contains("// " + marker) }) else {
        return nil
      }
      return (index, String(lines[index].prefix { $0 == " " }))
    }
  }

  /// Where the first of `lines` sorts among the lines that match, with their indentation.
  private func sortedPosition(in lines: [String], matching: (String) -> Bool) -> (Int, String)? {
    let matches = lines.indices.filter { matching(lines[$0]) }
    guard let last = matches.last, let newLine = self.lines.first else { return nil }
    let indentation = String(lines[last].prefix { $0 == " " })
    let trimmed = newLine.trimmingCharacters(in: .whitespaces)
    let before = matches.first { lines[$0].trimmingCharacters(in: .whitespaces) > trimmed }
    return (before ?? last + 1, indentation)
  }

  /// After the last case of the screen list, indented like it.
  private func endOfScreenList(in lines: [String]) -> (Int, String)? {
    guard
      let header = lines.firstIndex(where: {
        $0.contains("enum ") && $0.contains(": \(Self.screenList)") && !$0.contains("//")
      })
    else { return nil }
    var depth = 0
    var lastCase: Int?
    for index in header..<lines.count {
      let line = lines[index]
      if depth == 1, line.trimmingCharacters(in: .whitespaces).hasPrefix("case ") {
        lastCase = index
      }
      depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
      if depth == 0, index > header {
        let indentation =
          lastCase.map { String(lines[$0].prefix { $0 == " " }) }
          ?? String(lines[header].prefix { $0 == " " }) + "  "
        return (lastCase.map { $0 + 1 } ?? index, indentation)
      }
    }
    return nil
  }

  /// `text` with `import module` among its imports, sorted; unchanged when already there.
  static func addingImport(_ module: String, to text: String) -> String {
    var lines = text.components(separatedBy: "\n")
    let importLines = lines.indices.filter { lines[$0].hasPrefix("import ") }
    guard !importLines.contains(where: { lines[$0] == "import \(module)" }) else { return text }
    guard let first = importLines.first, let last = importLines.last else {
      return "import \(module)\n" + text
    }
    var block = Array(lines[first...last])
    block.append("import \(module)")
    block.sort()
    lines.replaceSubrange(first...last, with: block)
    return lines.joined(separator: "\n")
  }
}
