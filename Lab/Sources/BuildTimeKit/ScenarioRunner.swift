import Foundation

/// Measures one scenario: k runs, each a different edit, each timed; then everything is put
/// back and rebuilt (untimed) so the next scenario starts from the committed state.
struct ScenarioRunner {
  let builder: Builder
  /// Checks each timed build's demo against a clean build of the same tree; nil: no check.
  var checker: ProductChecker?

  func null(runs: Int) throws(BuildTimeError) -> Measurement {
    var results: [Builder.Result] = []
    var mismatch: String?
    for _ in 1...runs {
      results.append(try builder.buildOrThrow("the null build failed"))
      if mismatch == nil { mismatch = try check(tree: "committed") }
    }
    return Measurement(scenario: .null, module: "-", results: results, mismatch: mismatch)
  }

  /// Body and interface runs edit the same file differently each time, so run i's build sees
  /// one change against run i-1. Add runs each add one more differently named probe file
  /// beside it (a pure add: no file goes until the end). Delete runs each first add a probe
  /// and build (untimed), then delete it and time that build. A new or deleted file changes
  /// the package's structure, so the plan is made anew first (SwiftPM 6.3 misses it in a
  /// dependency package otherwise; in the root workspace it is seen either way).
  func measure(
    _ scenario: Scenario, module: String, file: URL, runs: Int
  ) throws(BuildTimeError) -> Measurement {
    let guardian = FileGuard.shared
    let original: String
    do {
      original = try String(contentsOf: file, encoding: .utf8)
    } catch {
      throw .edit("cannot read \(file.path): \(error.localizedDescription)")
    }
    let context = "the build after a \(scenario.rawValue) edit in \(module) failed"
    var results: [Builder.Result] = []
    var mismatch: String?
    for run in 1...runs {
      let probe = file.deletingLastPathComponent().appendingPathComponent(
        "BuildtimeProbe\(run).swift")
      switch scenario {
      case .null:
        break
      case .body:
        guardian.protect(file)
        try write(try SourceEdit.body(run: run, original: original), to: file)
      case .layout:
        guardian.protect(file)
        try write(try SourceEdit.layout(run: run, original: original), to: file)
      case .interface:
        guardian.protect(file)
        try write(SourceEdit.interface(run: run, original: original), to: file)
      case .addFile:
        guardian.protect(probe)
        try write(SourceEdit.newFile(run: run), to: probe)
        builder.invalidatePlan()
      case .deleteFile:
        guardian.protect(probe)
        try write(SourceEdit.newFile(run: run), to: probe)
        builder.invalidatePlan()
        _ = try builder.buildOrThrow("the build that adds the file a delete run removes failed")
        do {
          try FileManager.default.removeItem(at: probe)
        } catch {
          throw .edit("cannot delete \(probe.path): \(error.localizedDescription)")
        }
        builder.markNewerThanLastBuild([file.deletingLastPathComponent()])
        builder.invalidatePlan()
      }
      results.append(try builder.buildOrThrow(context))
      // Every edit but a layout run's leaves the program as committed (a comment, an unused
      // function or file); a layout run's adds a property the demo's state dumps show.
      let tree = scenario == .layout && run % 2 == 1 ? "layout edit of \(module)" : "committed"
      if mismatch == nil { mismatch = try check(tree: tree) }
    }
    FileGuard.shared.restoreAll()
    if scenario == .addFile || scenario == .deleteFile { builder.invalidatePlan() }
    builder.markNewerThanLastBuild([file])
    _ = try builder.buildOrThrow("the rebuild after restoring \(module) failed")
    return Measurement(scenario: scenario, module: module, results: results, mismatch: mismatch)
  }

  /// Where the demo just built prints other than a clean build of `tree`; nil when it does not,
  /// or when nothing is checked.
  private func check(tree: String) throws(BuildTimeError) -> String? {
    guard let checker else { return nil }
    return try checker.mismatch(demo: builder.productURL, tree: tree)
  }

  private func write(_ text: String, to url: URL) throws(BuildTimeError) {
    do {
      try Data(text.utf8).write(to: url)
    } catch {
      throw .edit("cannot write \(url.path): \(error.localizedDescription)")
    }
    builder.markNewerThanLastBuild([url])
  }
}
