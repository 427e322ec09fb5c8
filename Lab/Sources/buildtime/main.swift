import BuildTimeKit
import Foundation

// buildtime: measures incremental builds across edits, modules and layouts. See ARCHITECTURE.md.

let usage = """
  usage: buildtime restore [--root PATH]
         buildtime repo [--runs K] [--scenarios LIST] [--modules A,B] [--baseline PATH]
                        [--json PATH] [--svg PATH] [--markdown PATH] [--allow-dirty]
                        [--no-layout-guard] [--root PATH]
         buildtime demo-runs --demo PATH [--root PATH]
         buildtime fuzz [--edits N] [--seed S] [--no-layout-guard] [--root PATH]
         buildtime scale [--features 4,16,64] [--runs K] [--json PATH] [--svg PATH]
                        [--markdown PATH] [--root PATH]
  """

/// What each command does, for `--help`.
let commandHelp: [String: String] = [
  "restore": """
  usage: buildtime restore [--root PATH]
    Puts back every file a run that was killed (kill -9, a crash) left edited, from the
    journal in .build-buildtime/, and deletes its temporary folders. repo and scale do this
    by themselves when they start.
  """,
  "repo": """
  usage: buildtime repo [--runs K] [--scenarios LIST] [--modules A,B] [--baseline PATH]
                        [--json PATH] [--svg PATH] [--markdown PATH] [--allow-dirty]
                        [--no-layout-guard] [--root PATH]
    Times incremental builds of demo (through the root workspace when there is one, with the
    layout guard before each, as make build) after each edit in each module (K runs each):
    CPU and wall time, the load, which modules and files recompiled; restores every edited
    file. Checks each build's demo against a clean build of the same tree (every transcript's
    input and link) and exits 1 when one differs. Needs a clean git tree unless --allow-dirty.
    --scenarios   a comma list of null, body, interface, add-file, delete-file, layout
                  (default: all; layout adds a stored property to a type, then takes it away)
    --no-layout-guard  builds as before the guard, to see what it costs and what it catches
    --baseline    a committed --json report: edit the files it names, then list the rows that
                  moved (recompiled sets exactly, each changed module with why; exit 1 if any)
                  and note CPU times beyond 1.3x and 0.25 s
  """,
  "demo-runs": """
  usage: buildtime demo-runs --demo PATH [--root PATH]
    Prints what the demo at PATH prints for every golden transcript's input, and for every
    link those inputs open given at start (demo --open LINK), each with how it ended: what the
    lab compares between an incremental and a clean build of the same tree.
  """,
  "fuzz": """
  usage: buildtime fuzz [--edits N] [--seed S] [--no-layout-guard] [--root PATH]
    From the tree at PATH (make fuzz-edits gives it a copy of the repo), makes N random,
    realistic edits one after another (default 10): stored properties added, removed,
    reordered and retyped in structs, classes and actors of Core, the clients, the features
    and the App; enum cases and payloads; function bodies; files added and deleted; routes
    added and taken away. After each, builds incrementally as make build does (the layout
    guard, then SwiftPM) and builds the same tree clean, and the two demos must print the same
    for every transcript's input and link. Exits 1 at the first difference, naming the seed
    and the edit; puts every file back at the end (and after kill -9, on the next run).
    --seed   the seed of every choice (default: a random one, printed): the same seed in the
             same tree makes the same edits
    --no-layout-guard  builds as before the guard, to see what it catches
  """,
  "scale": """
  usage: buildtime scale [--features 4,16,64] [--runs K] [--json PATH] [--svg PATH]
                         [--markdown PATH] [--root PATH] [--cold-only]
    Generates workspaces of N features in three layouts (a package per feature; the same
    folders under one manifest; one target) and times first cold (empty manifest cache),
    cold, null and incremental builds of each, CPU and wall, and cold builds through the
    compilation cache (CACHE=1: an empty store; the same clone again; a second clone at
    another path; a fresh clone with an empty manifest cache, as CI).
    --cold-only   only the cold builds, plain and cached
  """,
]

let overview = """
  buildtime: measures incremental builds across edits, modules and layouts.

  \(usage)
  Run buildtime COMMAND --help for what a command does.
  """

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  exit(2)
}

func progress(_ line: String) {
  FileHandle.standardError.write(Data("buildtime: \(line)\n".utf8))
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") || arguments.first == "help" {
  let named = arguments.first { commandHelp[$0] != nil }
  print(named.flatMap { commandHelp[$0] } ?? overview)
  exit(0)
}
/// The value options each command takes (every command takes --root).
let commandOptions: [String: Set<String>] = [
  "restore": ["--root"],
  "demo-runs": ["--root", "--demo"],
  "fuzz": ["--root", "--edits", "--seed"],
  "repo": [
    "--root", "--runs", "--scenarios", "--modules", "--json", "--svg", "--markdown", "--baseline",
  ],
  "scale": ["--root", "--runs", "--json", "--svg", "--markdown", "--features"],
]
guard let command = arguments.first, commandOptions[command] != nil else {
  fail("give a command: repo, fuzz, demo-runs, scale or restore\n\(usage)")
}
arguments.removeFirst()

var values: [String: String] = [:]
var allowDirty = false
var noLayoutGuard = false
var coldOnly = false
var index = 0
while index < arguments.count {
  let option = arguments[index]
  if option == "--allow-dirty" && command == "repo" {
    allowDirty = true
  } else if option == "--no-layout-guard" && (command == "repo" || command == "fuzz") {
    noLayoutGuard = true
  } else if option == "--cold-only" && command == "scale" {
    coldOnly = true
  } else if commandOptions[command]?.contains(option) == true {
    guard index + 1 < arguments.count else { fail("\(option) needs a value\n\(usage)") }
    values[option] = arguments[index + 1]
    index += 1
  } else {
    fail("unknown option '\(option)' for \(command)\n\(usage)")
  }
  index += 1
}
let root = URL(fileURLWithPath: values["--root"] ?? FileManager.default.currentDirectoryPath)
var runs = 3
if let text = values["--runs"] {
  guard let number = Int(text), number >= 1 else {
    fail("--runs must be a whole number of 1 or more; got '\(text)'")
  }
  runs = number
}
let commandLine = (["buildtime", command] + arguments).joined(separator: " ")

func write(_ text: String, to path: String?) {
  guard let path else { return }
  do {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  } catch {
    fail("cannot write \(path): \(error.localizedDescription)")
  }
}

/// Prints the Markdown and writes each requested file.
@MainActor
func emit(markdown: String, svg: String, json: Data?) {
  print(markdown)
  write(markdown, to: values["--markdown"])
  write(svg, to: values["--svg"])
  if let path = values["--json"] {
    guard let json else { fail("cannot encode the report as JSON") }
    write(String(decoding: json, as: UTF8.self), to: path)
  }
}

do throws(BuildTimeError) {
  switch command {
  case "restore":
    let restored = try EditJournal.recover(from: EditJournal.location(root: root))
    if restored.isEmpty {
      print("buildtime: nothing to restore; no run was interrupted mid-edit")
    } else {
      print("buildtime: restored \(restored.count) file(s): \(restored.joined(separator: ", "))")
    }
  case "demo-runs":
    guard let demo = values["--demo"] else { fail("demo-runs needs --demo PATH\n\(usage)") }
    print(try DemoRuns(root: root).outputs(demo: URL(fileURLWithPath: demo)), terminator: "")
  case "fuzz":
    var options = EditFuzzer.Options(root: root)
    if let text = values["--edits"] {
      guard let number = Int(text), number >= 1 else {
        fail("--edits must be a whole number of 1 or more; got '\(text)'")
      }
      options.edits = number
    }
    if let text = values["--seed"] {
      guard let seed = UInt64(text) else {
        fail("--seed must be a whole number from 0 to \(UInt64.max); got '\(text)'")
      }
      options.seed = seed
    } else {
      options.seed = UInt64.random(in: 0...999_999)
    }
    options.layoutGuard = !noLayoutGuard
    let outcome = try EditFuzzer.run(options, progress: progress)
    let summary =
      "buildtime fuzz: seed \(options.seed): \(outcome.compared) edit(s) built exactly as a clean"
      + " build, \(outcome.skipped) undone (neither build compiled them)"
    if outcome.findings.isEmpty {
      print(summary + "; no difference")
    } else {
      print(summary + "; \(outcome.findings.count) difference(s):")
      for finding in outcome.findings { print("  \(finding)") }
      print(
        "buildtime fuzz: make fuzz-edits SEED=\(options.seed) EDITS=\(options.edits) makes the same"
          + " edits again; the tree is left as the last edit left it (buildtime restore puts it"
          + " back)")
      exit(1)
    }
  case "repo":
    var options = RepoTiming.Options(root: root)
    options.runs = runs
    options.allowDirty = allowDirty
    options.layoutGuard = !noLayoutGuard
    if let text = values["--scenarios"] { options.scenarios = try Scenario.parseList(text) }
    if let text = values["--modules"] {
      options.modules = text.split(separator: ",").map(String.init)
    }
    if let path = values["--baseline"] {
      options.baseline = try BaselineComparison.load(URL(fileURLWithPath: path))
    }
    let report = try RepoTiming.run(options, progress: progress)
    emit(
      markdown: report.markdown(command: commandLine), svg: report.svg(), json: try? report.json())
    let written = ["--markdown", "--json", "--svg"].compactMap { values[$0] }
    if !written.isEmpty { print("buildtime: the report is in \(written.joined(separator: ", "))") }
    let stale = report.measurements.filter { $0.mismatch != nil }
    if !stale.isEmpty {
      print(
        "buildtime: \(stale.count) row(s) built a demo that differs from a clean build of the same"
          + " tree (listed under the table): an incremental build that is wrong")
      exit(1)
    }
    if let baseline = options.baseline, let path = values["--baseline"] {
      let reasons = RecompileReasons(root: root)
      let comparison = BaselineComparison(
        current: report, baseline: baseline,
        scope: .init(scenarios: options.scenarios, modules: options.modules)
      ) { module, edited in reasons.why(module, edited: edited) }
      if !comparison.cpuNotes.isEmpty {
        print(
          "buildtime: CPU times beyond 1.3x and 0.25 s of \(path) (a note: CPU moves with the "
            + "machine's load; the build graph is what fails a run):")
        for line in comparison.cpuNotes { print("  \(line)") }
      }
      if comparison.moved.isEmpty {
        print("buildtime: \(comparison.compared) rows as in \(path): no build graph moved")
      } else {
        print("buildtime: rows whose build graph moved against \(path):")
        for line in comparison.moved { print("  \(line)") }
        print(
          "buildtime: if the change is meant, refresh the baseline with make timing-baseline and "
            + "commit it with the change")
        exit(1)
      }
    }
  default:
    var options = ScaleTiming.Options(root: root)
    options.runs = runs
    options.coldOnly = coldOnly
    if let text = values["--features"] { options.featureCounts = try ScaleTiming.parseCounts(text) }
    let report = try ScaleTiming.run(options, progress: progress)
    emit(
      markdown: report.markdown(command: commandLine), svg: report.svg(), json: try? report.json())
  }
} catch {
  fail(error.description)
}
