import Foundation

/// The names the toolchain's modules declare at their top level, as types, protocols or
/// macros (attributes such as `@Observable` and `@Test`): what a new feature may not be called,
/// since its module would shadow them (`Bool`: every module importing `BoolFeature` would see
/// the feature's `Bool`). Read from the modules' symbol graphs (`swift symbolgraph-extract`), not
/// kept by hand, and kept per toolchain in the cache folder, as manifests are: the first read
/// takes a few seconds, later ones a file read.
enum ToolchainDeclarations {
  /// The modules a feature's code or its tests may import without declaring them.
  static let modules = [
    "Swift", "_Concurrency", "_StringProcessing", "Foundation", "FoundationEssentials",
    "FoundationInternationalization", "Dispatch", "Observation", "Synchronization", "Testing",
    "XCTest",
  ]

  /// What a declaration is, by its symbol kind.
  private static let kinds: [String: String] = [
    "swift.struct": "type", "swift.class": "type", "swift.enum": "type",
    "swift.protocol": "protocol", "swift.typealias": "type", "swift.actor": "type",
    "swift.macro": "macro",
  ]

  /// Each declared name with what declares it: `Bool` → "a type of Swift".
  static func names(cache: URL = ManifestDiskCache.folder.deletingLastPathComponent())
    throws(ArchCheckError) -> [String: String]
  {
    let toolchain = try run(["swift", "--version"], what: "swift --version").stdout
    let file = cache.appendingPathComponent(
      "toolchain-names/" + ManifestDiskCache.key(for: toolchain) + ".txt")
    if let kept = try? String(contentsOf: file, encoding: .utf8) {
      return parse(kept)
    }
    let made = try extract()
    var text = ""
    for name in made.keys.sorted() {
      text += "\(name)\t\(made[name] ?? "")\n"
    }
    // A cache that cannot be written costs the next run the same few seconds, nothing more.
    try? FileWriter.replaceCreatingFolder(file, with: text)
    return made
  }

  /// Reads every module's symbol graph into a scratch folder and collects its top-level names.
  private static func extract() throws(ArchCheckError) -> [String: String] {
    let info = try run(["swift", "-print-target-info"], what: "swift -print-target-info").stdout
    guard
      let json = try? JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any],
      let target = json["target"] as? [String: Any],
      let triple = target["unversionedTriple"] as? String ?? target["triple"] as? String
    else {
      throw .commandFailed("swift -print-target-info printed no target triple; is swift installed?")
    }
    let fileManager = FileManager.default
    var names: [String: String] = [:]
    for module in modules {
      let scratch = fileManager.temporaryDirectory.appendingPathComponent(
        "switchyard-symbols-\(ProcessInfo.processInfo.processIdentifier)-\(module)")
      defer { try? fileManager.removeItem(at: scratch) }
      try? fileManager.createDirectory(at: scratch, withIntermediateDirectories: true)
      let output = try? Shell.run([
        "swift", "symbolgraph-extract", "-module-name", module, "-target", triple,
        "-output-dir", scratch.path, "-minimum-access-level", "public",
        "-skip-synthesized-members",
      ])
      // A module this platform does not have (XCTest on some toolchains) declares nothing.
      guard output?.status == 0 else { continue }
      // A module the standard library re-exports (_Concurrency: Task, Actor) writes its
      // declarations into a graph named after both (`_Concurrency@Swift.symbols.json`).
      let graphs = (try? fileManager.contentsOfDirectory(atPath: scratch.path)) ?? []
      for graph in graphs.sorted() where graph.hasSuffix(".symbols.json") {
        let url = scratch.appendingPathComponent(graph)
        for (name, kind) in topLevelNames(inGraph: url) where names[name] == nil {
          names[name] = "a \(kind) of \(module)"
        }
      }
    }
    guard names["Bool"] != nil else {
      throw .commandFailed(
        "swift symbolgraph-extract gave no names for the standard library; is the toolchain whole?"
      )
    }
    return names
  }

  /// The public top-level types, protocols and macros of one symbol graph, by name.
  static func topLevelNames(inGraph file: URL) -> [(name: String, kind: String)] {
    struct Graph: Decodable {
      struct Symbol: Decodable {
        struct Kind: Decodable { let identifier: String }
        let kind: Kind
        let pathComponents: [String]
      }
      let symbols: [Symbol]
    }
    guard let data = FileManager.default.contents(atPath: file.path),
      let graph = try? JSONDecoder().decode(Graph.self, from: data)
    else { return [] }
    return graph.symbols.compactMap { symbol in
      guard symbol.pathComponents.count == 1, let kind = kinds[symbol.kind.identifier],
        let path = symbol.pathComponents.first, !path.hasPrefix("_")
      else { return nil }
      // A macro's path names its parameters: `Observable()`, `Test(_:_:)`.
      let name = path.split(separator: "(", maxSplits: 1).first.map(String.init) ?? path
      return (name, kind)
    }
  }

  private static func parse(_ text: String) -> [String: String] {
    var names: [String: String] = [:]
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: "\t", maxSplits: 1)
      if parts.count == 2 { names[String(parts[0])] = String(parts[1]) }
    }
    return names
  }

  private static func run(_ arguments: [String], what: String) throws(ArchCheckError)
    -> Shell.Output
  {
    guard let output = try? Shell.run(arguments), output.status == 0 else {
      throw .commandFailed("\(what) failed; is swift installed and on PATH?")
    }
    return output
  }
}
