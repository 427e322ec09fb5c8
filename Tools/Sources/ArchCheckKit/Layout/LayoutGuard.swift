import Foundation

/// Keeps an incremental build from linking an object compiled against an older layout of a
/// type: run before every build of the root workspace (`Tools/scripts/layout-guard.sh`).
///
/// It reads each module's ``LayoutSignature`` (with its package's manifest) and compares it with
/// what the last build in the same build folder saw. When a module's declarations changed, every
/// Swift file of that module and of every module built on it, directly or through others, tests
/// included, is marked as changed (its modification time set to now), so the driver compiles
/// each of them again. A body edit changes no signature and marks nothing, so it builds as fast
/// as before; an edit that changes a layout costs what recompiling those modules costs.
///
/// Whole modules, not single files: a file may hold the changed type through another type
/// (AppLive's `DemoSetup` holds `AppRouter.State`, which holds `Hoge.State`), and only the
/// module graph says who can. The record is written only after the marking, so an
/// interrupted run marks again next time; a record that is missing or unreadable beside a
/// build counts every module as changed.
public enum LayoutGuard {
  /// What a run found and did.
  public struct Outcome: Sendable, Equatable {
    /// The modules whose layout changed since the record, by name, sorted.
    public var changed: [String] = []
    /// The modules compiled again: the changed ones and every module built on them, sorted.
    public var recompiled: [String] = []
    /// How many files were marked.
    public var files = 0
    /// Whether there was no record to compare with (a first build, or one the guard never saw).
    public var firstRecord = false

    /// One line for the person building, or nil when nothing was marked.
    public func line(buildFolder: String) -> String? {
      guard !recompiled.isEmpty else { return nil }
      let built = recompiled.count - changed.count
      if firstRecord {
        return "layout-guard: no record of the layouts the build in \(buildFolder) was made"
          + " with; every module (\(recompiled.count)) compiles again once"
      }
      return "layout-guard: declarations changed in \(changed.joined(separator: ", ")), so a"
        + " type's layout may have; \(changed.count == 1 ? "it" : "they") and the \(built)"
        + " module\(built == 1 ? "" : "s") built on \(changed.count == 1 ? "it" : "them")"
        + " compile again (\(files) files), as an incremental build would keep objects made for"
        + " the old layout (Lab/stale-layout-repro)"
    }
  }

  /// One module: where its sources are and who it depends on.
  struct Module {
    let name: String
    let manifest: PackageManifest
    let folder: URL
    let dependencies: [String]
  }

  /// Compares the layouts with the record at `record` (a file in the build folder), marks the
  /// files of every module that must compile again, and writes the record anew. With
  /// `hasBuild` false (an empty build folder) nothing is stale: it only records. A manifest
  /// that does not load stops it, recording nothing: its modules cannot be compared, and a
  /// record without them would let them pass as new once the manifest loads again.
  public static func run(
    root: URL, record: URL, hasBuild: Bool
  ) throws(ArchCheckError) -> Outcome {
    let (repo, problems) = try Repo.load(root: root)
    if let problem = problems.first {
      throw .invalidInput("\(problem.path):\(problem.line): \(problem.message)")
    }
    return run(repo, record: record, hasBuild: hasBuild)
  }

  /// ``run(root:record:hasBuild:)`` on a repo already loaded.
  public static func run(_ repo: Repo, record: URL, hasBuild: Bool) -> Outcome {
    let modules = self.modules(of: repo)
    let files = FileSignatures(cache: record.appendingPathExtension("files"))
    var digests: [String: String] = [:]
    for module in modules.values {
      digests[module.name] = digest(of: module, files: files)
    }
    let recorded = read(record)
    var outcome = Outcome()
    if hasBuild {
      if recorded == nil {
        outcome.firstRecord = true
        outcome.changed = modules.keys.sorted()
      } else if let recorded {
        outcome.changed = digests.keys.filter { name in
          // A module the record never saw is new: no object of it is stale.
          recorded[name].map { $0 != digests[name] } ?? false
        }.sorted()
      }
    }
    outcome.recompiled = dependents(of: Set(outcome.changed), in: modules).sorted()
    let now = Date()
    var unmarked = 0
    for name in outcome.recompiled {
      guard let module = modules[name] else { continue }
      for file in ImportRules.swiftFiles(in: module.folder) {
        do {
          try FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: file.path)
          outcome.files += 1
        } catch {
          unmarked += 1
        }
      }
    }
    files.save()
    // With a file left unmarked, nothing is recorded: the next build compares with the old
    // record and marks again.
    if unmarked == 0 {
      write(digests, to: record)
    }
    return outcome
  }

  /// Every target of every package, by name.
  static func modules(of repo: Repo) -> [String: Module] {
    let resolver = ModuleResolver(repo: repo)
    var modules: [String: Module] = [:]
    for manifest in repo.manifests {
      for target in manifest.targets {
        var dependencies: [String] = []
        for dependency in target.dependencies {
          for (_, reached) in resolver.resolve(dependency, from: manifest) {
            dependencies.append(reached.name)
          }
        }
        modules[target.name] = Module(
          name: target.name, manifest: manifest,
          folder: manifest.directory.appendingPathComponent(target.path),
          dependencies: dependencies)
      }
    }
    return modules
  }

  /// `changed` and every module that depends on one of them, directly or through others.
  static func dependents(of changed: Set<String>, in modules: [String: Module]) -> Set<String> {
    var reached = changed
    var grew = true
    while grew {
      grew = false
      for module in modules.values where !reached.contains(module.name) {
        if module.dependencies.contains(where: reached.contains) {
          reached.insert(module.name)
          grew = true
        }
      }
    }
    return reached.filter { modules[$0] != nil }
  }

  /// A module's digest: its manifest's text and the signature of each of its files that
  /// declares a type, by path within the module.
  static func digest(of module: Module, files: FileSignatures) -> String {
    var hasher = FNV1a()
    hasher.add((try? String(contentsOf: module.manifest.manifestURL, encoding: .utf8)) ?? "")
    for file in ImportRules.swiftFiles(in: module.folder) {
      let signature = files.signature(of: file)
      guard !signature.isEmpty else { continue }
      hasher.add("\u{0}" + file.path.dropFirst(module.folder.path.count) + "\u{0}" + signature)
    }
    return hasher.hex
  }

  /// The record: a header, `MODULE DIGEST` a line, and a last line `end DIGEST` of the lines
  /// before it; nil when missing, of another format, or not whole (a record that lost a line
  /// would let a module pass as new).
  static func read(_ record: URL) -> [String: String]? {
    guard let text = try? String(contentsOf: record, encoding: .utf8) else { return nil }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.last == "", lines.count >= 3, lines[0] == header else { return nil }
    lines.removeLast()
    let body = lines.dropLast().joined(separator: "\n")
    guard lines.last == "end " + checksum(of: body) else { return nil }
    var digests: [String: String] = [:]
    for line in lines.dropFirst().dropLast() {
      let fields = line.split(separator: " ")
      guard fields.count == 2 else { return nil }
      digests[String(fields[0])] = String(fields[1])
    }
    return digests
  }

  /// The record's first line: a record of another format counts as none.
  static let header = "switchyard-layout 2"

  static func checksum(of text: String) -> String {
    var hasher = FNV1a()
    hasher.add(text)
    return hasher.hex
  }

  /// Writes the record whole or not at all (a temporary file renamed over it).
  static func write(_ digests: [String: String], to record: URL) {
    let body = ([header] + digests.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" })
      .joined(separator: "\n")
    let text = body + "\nend " + checksum(of: body) + "\n"
    try? FileManager.default.createDirectory(
      at: record.deletingLastPathComponent(), withIntermediateDirectories: true)
    let temporary = record.appendingPathExtension(
      "new.\(ProcessInfo.processInfo.processIdentifier)")
    guard (try? Data(text.utf8).write(to: temporary)) != nil,
      rename(temporary.path, record.path) == 0
    else {
      try? FileManager.default.removeItem(at: temporary)
      return
    }
  }
}

/// FNV-1a, 64 bits, over UTF-8: a digest to compare texts by, not a cryptographic one.
struct FNV1a {
  private var value: UInt64 = 0xcbf2_9ce4_8422_2325

  mutating func add<Text: StringProtocol>(_ text: Text) {
    for byte in text.utf8 {
      value ^= UInt64(byte)
      value = value &* 0x100_0000_01b3
    }
  }

  var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
