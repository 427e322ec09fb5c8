/// One edit the scaffolder makes in an App file: lines inserted above a marker comment, with
/// the marker's indentation.
struct AppInsertion {
  /// The file, relative to the repo root.
  let file: String
  /// The marker text, like `archcheck:insert-path-state`.
  let marker: String
  /// The lines to insert, without indentation.
  let lines: [String]
  /// A module to import in that file, kept in sorted order.
  let importModule: String?

  /// The edits for a new feature.
  static func all(for feature: FeatureName) -> [AppInsertion] {
    let name = feature.name
    let module = feature.module
    let lower = feature.caseName
    let router = "App/Sources/AppFeature/"
    return [
      AppInsertion(
        file: "App/Package.swift", marker: "archcheck:insert-package",
        lines: [".package(path: \"../Packages/\(module)\"),"], importModule: nil),
      AppInsertion(
        file: "App/Package.swift", marker: "archcheck:insert-product",
        lines: [".product(name: \"\(module)\", package: \"\(module)\"),"], importModule: nil),
      AppInsertion(
        file: router + "AppRoute.swift", marker: "archcheck:insert-route-case",
        lines: ["/// \(name).", "case \(lower)"], importModule: module),
      AppInsertion(
        file: router + "AppRoute.swift", marker: "archcheck:insert-route-init",
        lines: [
          "", "/// \(name)'s routes.", "public init(_ route: \(name).Route) {",
          "  switch route {}", "}",
        ], importModule: nil),
      AppInsertion(
        file: router + "AppPath.swift", marker: "archcheck:insert-path-state",
        lines: ["/// \(name).", "case \(lower)(\(name).State)"], importModule: module),
      AppInsertion(
        file: router + "AppPath.swift", marker: "archcheck:insert-path-init",
        lines: ["case .\(lower): self = .\(lower)(\(name).State())"], importModule: nil),
      AppInsertion(
        file: router + "AppPath.swift", marker: "archcheck:insert-path-shows",
        lines: ["case (.\(lower), .\(lower)): true"], importModule: nil),
      AppInsertion(
        file: router + "AppPath.swift", marker: "archcheck:insert-path-title",
        lines: ["case .\(lower): \"\(name)\""], importModule: nil),
      AppInsertion(
        file: router + "AppPath.swift", marker: "archcheck:insert-path-action",
        lines: ["/// \(name)'s actions.", "case \(lower)(\(name).Action)"], importModule: nil),
      AppInsertion(
        file: router + "AppPath.swift", marker: "archcheck:insert-path-scope",
        lines: ["Scope(state: \\.\(lower), action: \\.\(lower)) { \(name)() }"], importModule: nil
      ),
      AppInsertion(
        file: router + "AppRouter.swift", marker: "archcheck:insert-router-navigate",
        lines: [
          "case .path(.element(_, .\(lower)(.delegate(.navigate(let command))))):",
          "  return navigate(command.map(AppRoute.init), &state)",
        ], importModule: module),
      AppInsertion(
        file: router + "AppRouterView.swift", marker: "archcheck:insert-path-view",
        lines: [
          "if let \(lower) = top.scope(state: \\.\(lower), action: \\.\(lower)) {",
          "  return \(name)View(store: \(lower))",
          "}",
        ], importModule: module),
    ]
  }

  /// `text` with this insertion made, or nil when the marker is missing.
  func apply(to text: String) -> String? {
    var lines = text.components(separatedBy: "\n")
    guard let index = lines.firstIndex(where: { $0.contains("// " + marker) }) else { return nil }
    let indentation = String(lines[index].prefix { $0 == " " })
    lines.insert(contentsOf: self.lines.map { $0.isEmpty ? "" : indentation + $0 }, at: index)
    var result = lines.joined(separator: "\n")
    if let importModule {
      result = Self.addingImport(importModule, to: result)
    }
    return result
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
