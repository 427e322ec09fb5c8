import Foundation

/// `archcheck new-feature NAME`: creates `Packages/<Name>Feature` in the feature shape and
/// wires it into the App: its package and product in `App/Package.swift` (each in sorted
/// order among the other features') and its line in the App's screen list; the rest is
/// generated. No markers: the scaffolder finds those places by what they are.
///
/// Nothing is written unless every check passes. The package is built in a temporary folder
/// and moved into place; each App file is replaced atomically; if any step fails, everything
/// done so far is undone. Ctrl-C is held off for the few milliseconds of writing.
public enum FeatureScaffolder {
  /// What was done, for the person.
  public struct Result: Sendable {
    /// Lines to print.
    public let report: [String]
  }

  /// Creates the feature. Throws a one-line reason, having written nothing, for a bad name,
  /// an existing feature, or an App manifest that lists no feature packages.
  public static func create(name raw: String, root: URL) throws(ArchCheckError) -> Result {
    let feature = try FeatureName(raw)
    let root = root.standardizedFileURL
    _ = try Repo.packageDirectories(root: root)
    let fileManager = FileManager.default
    let destination = root.appendingPathComponent("Packages/\(feature.module)")
    if fileManager.fileExists(atPath: destination.path) {
      throw .invalidInput("Packages/\(feature.module) already exists; choose another name")
    }
    try NameClashes.check(feature, root: root)
    try LineEndings.requireLF(root: root, command: "make feature")

    // Plan every App edit in memory first.
    var originals: [String: String] = [:]
    var edited: [String: String] = [:]
    var missing: [AppInsertion] = []
    for insertion in AppInsertion.all(for: feature) {
      let url = root.appendingPathComponent(insertion.file)
      guard let text = edited[insertion.file] ?? (try? String(contentsOf: url, encoding: .utf8))
      else {
        if insertion.file == "App/Package.swift" {
          throw .invalidInput("cannot read App/Package.swift; is this the Switchyard repo?")
        }
        missing.append(insertion)
        continue
      }
      if originals[insertion.file] == nil {
        originals[insertion.file] = text
        if text.contains("case \(feature.caseName)(") || text.contains("case \(feature.caseName)\n")
          || text.contains("../Packages/\(feature.module)\"")
        {
          throw .invalidInput(
            "the App already has a screen named \(feature.caseName); choose another name")
        }
      }
      guard let updated = insertion.apply(to: text) else {
        if insertion.file == "App/Package.swift" {
          throw .invalidInput(
            "App/Package.swift lists no \(insertion.marker) (.package(path: \"../Packages/XFeature\")); is this the Switchyard App manifest?"
          )
        }
        missing.append(insertion)
        continue
      }
      edited[insertion.file] = updated
    }
    // Format the App's edits as the repo's style wants them (imports sorted, lines wrapped).
    let scratch = root.appendingPathComponent(
      "Packages/.\(feature.module).format-\(UUID().uuidString)")
    let formattedApp = SourceFormatter.format(edited, root: root, scratch: scratch)
    try? fileManager.removeItem(at: scratch)
    edited = formattedApp.texts
    var problems = formattedApp.problem.map { [$0] } ?? []

    // Write: the package into a temporary folder, then everything into place.
    let staging = root.appendingPathComponent(
      "Packages/.\(feature.module).scaffold-\(UUID().uuidString)")
    // The files generate derives from the manifests (the root workspace, the editor
    // workspaces, the graph) are journaled too: a run killed while it writes them is undone.
    var journaled = originals.mapValues { Optional($0) }
    for path in EditJournal.derivedFiles where journaled[path] == nil {
      journaled.updateValue(
        try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8), forKey: path)
    }
    let journal = EditJournal(
      originals: journaled,
      createdFolders: [destination, staging].map { Repo.relativePath(of: $0, root: root) })
    try journal.begin(root: root)
    defer { EditJournal.end(root: root) }
    var derived: [String] = []
    try FileWriter.withInterruptsHeld { () throws(ArchCheckError) in
      do throws(ArchCheckError) {
        for (path, contents) in FeatureTemplate.files(for: feature) {
          let url = staging.appendingPathComponent(path)
          do {
            try fileManager.createDirectory(
              at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
          } catch {
            throw .file("cannot write \(path) in the new package: \(error.localizedDescription)")
          }
        }
        let generated = FeatureTemplate.files(for: feature).map {
          staging.appendingPathComponent($0.path)
        }
        if let problem = SourceFormatter.format(generated, root: root) {
          problems.append(problem)
        }
        WriteSteps.step()
        guard rename(staging.path, destination.path) == 0 else {
          throw .file(
            "cannot move the new package into Packages/: \(String(cString: strerror(errno)))")
        }
        for (file, text) in edited.sorted(by: { $0.key < $1.key }) {
          try FileWriter.replace(root.appendingPathComponent(file), with: text)
        }
        // The new Path case's case paths, then what derives from the new package.
        derived = try ArchCheck.generate(root: root).filter { !$0.hasSuffix(" are current") }
      } catch {
        journal.undo(root: root)
        throw error
      }
    }

    var report = [
      "created Packages/\(feature.module) (module \(feature.module): reducer \(feature.name), \(feature.name)View, \(feature.name)Preview, tests)"
    ]
    report += edited.keys.sorted().map { "updated \($0)" }
    report += derived
    report += problems
    if !missing.isEmpty {
      report.append("These App files have no insertion point; make these edits by hand:")
      for insertion in missing {
        report.append(
          "  \(insertion.file), among the \(insertion.marker == AppInsertion.screenList ? "screen list's cases" : insertion.marker):"
        )
        report += insertion.lines.map { "      " + $0 }
      }
    }
    report.append(next(for: feature, root: root))
    return Result(report: report)
  }

  /// The documented next step (CONTRIBUTING.md, "Adding a screen"): a route into the new screen
  /// from a screen the App has: the first tab's root, else the first screen.
  static func next(for feature: FeatureName, root: URL) -> String {
    let screens = ((try? RouteScaffolder.screenList(root: root)) ?? [])
      .filter { $0.reducer != feature.name }
    let firstTab = RouteScaffolder.firstTab(root: root)
    let from =
      screens.first { $0.caseName == firstTab }?.reducer ?? screens.first?.reducer ?? "Entry"
    return "Next: make route FROM=\(from) TO=\(feature.name) lets \(from) open it (any feature "
      + "can be FROM); then make check, make test and make run."
  }
}
