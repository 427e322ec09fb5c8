import Foundation

/// What a built demo prints for every golden transcript's input, and for every link those
/// inputs open when it is given at start (`demo --open LINK`): the behaviour an incremental
/// build and a clean build of the same tree must share, which is how the lab checks an
/// incremental product (``ProductCheck``).
///
/// The links matter: after `Hoge.State` gained a property, a stale demo ran the typed commands
/// as before and crashed opening `entry/hoge/fuga?name=Bo` at start. Each run is the demo as a
/// person starts it (`--in-memory --fresh --keep-going`), in a home folder of its own so that
/// nothing of the person's is read or written; a crash is printed as its signal, and a run that
/// hangs is stopped and printed as such.
public struct DemoRuns: Sendable {
  /// One run: a name for the report, the demo's arguments, and the script it reads.
  struct Run: Sendable, Equatable {
    let name: String
    let arguments: [String]
    let script: String
  }

  /// The transcripts' folder (`Tests/Transcripts`).
  public let transcripts: URL
  /// How long one run may take before it counts as hung.
  var limit: Duration = .seconds(120)

  /// The runs of the repo at `root`.
  public init(root: URL) {
    transcripts = root.appendingPathComponent("Tests/Transcripts")
  }

  /// Every transcript's input as it is; then, for each distinct link an input opens (`open
  /// LINK`), the lines before that input's first `open` (its sign-in) with the link given at
  /// start, then `link`.
  func runs() throws(BuildTimeError) -> [Run] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: transcripts.path)
        .filter { $0.hasSuffix(".input") }.sorted()
    } catch {
      throw .invalidInput("cannot list the transcripts in \(transcripts.path): \(error)")
    }
    guard !names.isEmpty else {
      throw .invalidInput("no transcript (*.input) in \(transcripts.path) to run the demo with")
    }
    var runs: [Run] = []
    var links: [Run] = []
    var seen: Set<String> = []
    for name in names {
      let text: String
      do {
        text = try String(contentsOf: transcripts.appendingPathComponent(name), encoding: .utf8)
      } catch {
        throw .invalidInput("cannot read \(name): \(error)")
      }
      let base = Self.flags
      runs.append(Run(name: name, arguments: base, script: text))
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      guard let first = lines.firstIndex(where: { $0.hasPrefix("open ") }) else { continue }
      let prefix = lines[..<first].joined(separator: "\n")
      for line in lines where line.hasPrefix("open ") {
        let link = String(line.dropFirst("open ".count))
        guard !link.isEmpty, seen.insert(link).inserted else { continue }
        links.append(
          Run(
            name: "\(name) --open \(link)", arguments: base + ["--open", link],
            script: prefix + (prefix.isEmpty ? "" : "\n") + "link\n"))
      }
    }
    return runs + links
  }

  /// The demo as a person starts it, with nothing of theirs read or kept.
  static let flags = ["--in-memory", "--fresh", "--keep-going"]

  /// What the demo at `demo` prints for each run, with its exit status, in one text.
  public func outputs(demo: URL) throws(BuildTimeError) -> String {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent(
      "demo-runs-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: work) }
    do {
      try FileManager.default.createDirectory(
        at: work.appendingPathComponent("home"), withIntermediateDirectories: true)
    } catch {
      throw .edit("cannot make a folder for the demo's runs: \(error)")
    }
    var text = ""
    for run in try runs() {
      text += "== \(run.name)\n" + (try output(of: run, demo: demo, work: work))
    }
    return text
  }

  /// One run's output (standard output and error, as a terminal shows them) and how it ended.
  private func output(of run: Run, demo: URL, work: URL) throws(BuildTimeError) -> String {
    let script = work.appendingPathComponent("script.txt")
    let capture = work.appendingPathComponent("output.txt")
    do {
      try Data(run.script.utf8).write(to: script)
      try Data().write(to: capture)
    } catch {
      throw .edit("cannot write the demo's script: \(error)")
    }
    let process = Process()
    process.executableURL = demo
    process.arguments = run.arguments + ["--script", script.path]
    let home = work.appendingPathComponent("home").path
    var environment = ProcessInfo.processInfo.environment
    for name in ["HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"] {
      environment[name] = home
    }
    // A crash is its signal, not a backtrace whose addresses differ from build to build.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    guard let handle = try? FileHandle(forWritingTo: capture) else {
      throw .edit("cannot open \(capture.path) for the demo's output")
    }
    defer { try? handle.close() }
    process.standardOutput = handle
    process.standardError = handle
    do {
      try process.run()
    } catch {
      throw .buildFailed("the demo at \(demo.path) does not start: \(error)")
    }
    let deadline = ContinuousClock.now.advanced(by: limit)
    while process.isRunning && ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.005)
    }
    let ending: String
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
      ending = "hung: stopped after \(limit)"
    } else if process.terminationReason == .uncaughtSignal {
      ending = "signal \(process.terminationStatus)"
    } else {
      ending = "exit \(process.terminationStatus)"
    }
    let printed = (try? String(contentsOf: capture, encoding: .utf8)) ?? "(output not UTF-8)"
    return printed + (printed.hasSuffix("\n") || printed.isEmpty ? "" : "\n") + ending + "\n"
  }
}
