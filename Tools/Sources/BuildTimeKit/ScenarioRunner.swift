import Foundation

/// Measures one scenario: k runs, each a different edit, each timed; then everything is put
/// back and rebuilt (untimed) so the next scenario starts from the committed state.
struct ScenarioRunner {
  let builder: Builder

  func null(runs: Int) throws(BuildTimeError) -> Measurement {
    var samples: [Double] = []
    var recompiled: [String: Set<String>] = [:]
    for _ in 1...runs {
      builder.waitForNewerTimestamps()
      let result = try builder.buildOrThrow("the null build failed")
      samples.append(result.seconds)
      recompiled.merge(result.recompiled) { $0.union($1) }
    }
    return Measurement(scenario: .null, module: "-", samples: samples, recompiled: recompiled)
  }

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
    let newFile = file.deletingLastPathComponent().appendingPathComponent("BuildtimeProbe.swift")
    var samples: [Double] = []
    var recompiled: [String: Set<String>] = [:]
    for run in 1...runs {
      builder.waitForNewerTimestamps()
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
        guardian.protect(newFile)
        try write(SourceEdit.newFile(run: run), to: newFile)
        builder.invalidatePlan()
      }
      let result = try builder.buildOrThrow(
        "the build after a \(scenario.rawValue) edit in \(module) failed")
      samples.append(result.seconds)
      recompiled.merge(result.recompiled) { $0.union($1) }
      if scenario == .newFile {
        try restoreAndRebuild(module, replan: true)
      }
    }
    if scenario != .newFile {
      try restoreAndRebuild(module)
    }
    return Measurement(scenario: scenario, module: module, samples: samples, recompiled: recompiled)
  }

  private func restoreAndRebuild(_ module: String, replan: Bool = false) throws(BuildTimeError) {
    FileGuard.shared.restoreAll()
    if replan { builder.invalidatePlan() }
    builder.waitForNewerTimestamps()
    _ = try builder.buildOrThrow("the rebuild after restoring \(module) failed")
  }

  private func write(_ text: String, to url: URL) throws(BuildTimeError) {
    do {
      try Data(text.utf8).write(to: url)
    } catch {
      throw .edit("cannot write \(url.path): \(error.localizedDescription)")
    }
  }
}
