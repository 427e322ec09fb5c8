import ArchCheckKit
import Foundation

/// `buildtime fuzz` (`make fuzz-edits`): from a built tree, makes random, realistic edits one
/// after another (``FuzzEdit/Kind``); after each, builds incrementally as `make build` does
/// (the layout guard, then the driver's incremental build) and builds the same tree clean, and
/// the two demos must print the same for every transcript's input and link (``DemoRuns``).
///
/// A seed decides every choice, so `--seed` with the same tree makes the same edits: a failure
/// names the seed and the edit to stop at. An edit that neither build compiles (a literal that
/// had to stay a `Character`, say) is undone and counted as skipped; one build compiling and
/// the other not is a finding, as is any difference. Every file it edits is journaled and put
/// back at the end, on Ctrl-C, and by the next run after `kill -9`.
public enum EditFuzzer {
  /// What to do.
  public struct Options: Sendable {
    /// The repo's root (a copy: `make fuzz-edits` makes one).
    public var root: URL
    /// How many edits.
    public var edits = 10
    /// The seed of every choice.
    public var seed: UInt64 = 1
    /// Run the layout guard before each incremental build, as `make build` does. Off
    /// (`--no-layout-guard`): the build as it was before the guard, to see what it catches.
    public var layoutGuard = true

    /// Options for the repo at `root`.
    public init(root: URL) {
      self.root = root
    }
  }

  /// What a run found.
  public struct Outcome: Sendable {
    /// Edits whose incremental and clean builds were compared.
    public var compared = 0
    /// Edits neither build compiled, undone.
    public var skipped = 0
    /// What differed, one line each; empty when every edit built exactly.
    public var findings: [String] = []
  }

  /// Makes the edits; every file is put back before this returns or throws.
  public static func run(
    _ options: Options, progress: (String) -> Void = { _ in }
  ) throws(BuildTimeError) -> Outcome {
    guard options.edits >= 1 else {
      throw .invalidInput("--edits must be 1 or more; got \(options.edits)")
    }
    let guardian = FileGuard.shared
    _ = try guardian.useJournal(at: EditJournal.location(root: options.root))
    guard
      FileManager.default.fileExists(
        atPath: options.root.appendingPathComponent("Package.swift").path)
    else {
      throw .invalidInput(
        "\(options.root.path) has no root workspace (Package.swift); run make generate first")
    }
    let builder = Builder(packagePath: options.root, product: "demo")
    if options.layoutGuard {
      builder.layoutGuard = RepoTiming.layoutGuard(root: options.root)
    }
    let runs = DemoRuns(root: options.root)
    let clean = EditJournal.location(root: options.root).deletingLastPathComponent()
      .appendingPathComponent("fuzz-clean")
    guardian.installSignalHandlers()
    var outcome = Outcome()
    // A run that found a difference leaves the tree as the edit that showed it left it (the
    // journal keeps the originals: buildtime restore puts them back); any other end restores.
    defer {
      try? FileManager.default.removeItem(at: clean)
      if outcome.findings.isEmpty {
        guardian.restoreAll()
        guardian.cleanUp()
      }
    }
    progress("seed \(options.seed): building the tree as it is")
    _ = try builder.buildOrThrow("the build fails before any edit, so nothing was fuzzed")
    var tree = try FuzzTree(root: options.root, seed: options.seed)
    for number in 1...options.edits {
      let edit = try tree.makeEdit(number: number)
      let label = "edit \(number) of \(options.edits) (seed \(options.seed)): \(edit.description)"
      if edit.changesStructure { builder.invalidatePlan() }
      builder.markNewerThanLastBuild(edit.files)
      let incremental = try builder.build()
      let reference = Result { () throws(BuildTimeError) in
        try ProductCheck.cleanOutputs(packagePath: options.root, scratch: clean, runs: runs)
      }
      switch (incremental.status == 0, reference) {
      case (false, .failure):
        let line = incremental.log.split(separator: "\n").first { $0.contains("error:") } ?? ""
        progress("\(label): neither build compiles it; undone (\(line))")
        try tree.undo(edit)
        builder.invalidatePlan()
        builder.markNewerThanLastBuild(edit.files)
        _ = try builder.buildOrThrow("the build after undoing edit \(number) failed")
        outcome.skipped += 1
      case (true, .failure(let error)):
        outcome.findings.append(
          "\(label): the incremental build compiles, a clean one not: \(error)")
      case (false, .success):
        let line = incremental.log.split(separator: "\n").first { $0.contains("error:") } ?? ""
        outcome.findings.append(
          "\(label): a clean build compiles, the incremental one not: \(line)")
      case (true, .success(let expected)):
        let actual = try runs.outputs(demo: builder.productURL)
        outcome.compared += 1
        if let difference = ProductCheck.difference(expected: expected, actual: actual) {
          outcome.findings.append("\(label): \(difference)")
        } else {
          progress(
            "\(label): same as a clean build (incremental \(cpu(incremental)) CPU,"
              + " \(recompiledFiles(incremental)) files compiled)")
        }
      }
      if let finding = outcome.findings.last {
        progress("DIFFERS \(finding)")
        break
      }
    }
    return outcome
  }

  private static func cpu(_ result: Builder.Result) -> String {
    String(format: "%.1f s", result.cpuSeconds)
  }

  private static func recompiledFiles(_ result: Builder.Result) -> Int {
    result.recompiled.values.reduce(0) { $0 + $1.count }
  }
}
