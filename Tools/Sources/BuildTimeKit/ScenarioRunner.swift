import Foundation

/// Measures one scenario: k runs, each a different edit, each timed; then everything is put
/// back and rebuilt (untimed) so the next scenario starts from the committed state.
struct ScenarioRunner {
  let builder: Builder

  func null(runs: Int) throws(BuildTimeError) -> Measurement {
    var samples: [Double] = []
    var recompiled: [String: Set<String>] = [:]
    for _ in 1...runs {
      let result = try builder.buildOrThrow("the null build failed")
      samples.append(result.seconds)
      recompiled.merge(result.recompiled) { $0.union($1) }
    }
    return Measurement(scenario: .null, module: "-", samples: samples, recompiled: recompiled)
  }

  /// Body and interface runs edit the same file differently each time, so run i's build sees
  /// one change against run i-1. New-file runs each add a differently named probe file and
  /// remove the previous run's, so each build sees one new file, with no rebuild in between.
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
    var samples: [Double] = []
    var recompiled: [String: Set<String>] = [:]
    var previousProbe: URL?
    for run in 1...runs {
      switch scenario {
      case .null:
        break
      case .body:
        guardian.protect(file)
        try write(try SourceEdit.body(run: run, original: original), to: file)
      case .interface:
        guardian.protect(file)
        try write(SourceEdit.interface(run: run, original: original), to: file)
      case .newFile:
        let probe = file.deletingLastPathComponent().appendingPathComponent(
          "BuildtimeProbe\(run).swift")
        guardian.protect(probe)
        if let previousProbe { try? FileManager.default.removeItem(at: previousProbe) }
        try write(SourceEdit.newFile(run: run), to: probe)
        previousProbe = probe
        builder.invalidatePlan()
      }
      let result = try builder.buildOrThrow(
        "the build after a \(scenario.rawValue) edit in \(module) failed")
      samples.append(result.seconds)
      recompiled.merge(result.recompiled) { $0.union($1) }
    }
    FileGuard.shared.restoreAll()
    if scenario == .newFile { builder.invalidatePlan() }
    builder.markNewerThanLastBuild([file])
    _ = try builder.buildOrThrow("the rebuild after restoring \(module) failed")
    return Measurement(scenario: scenario, module: module, samples: samples, recompiled: recompiled)
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
