import BuildTimeKit
import Foundation

// buildtime: measures incremental builds across edits, modules and layouts. See ARCHITECTURE.md.

let usage = """
  usage: buildtime restore [--root PATH]
         buildtime repo [--runs K] [--scenarios LIST] [--modules A,B] [--baseline PATH]
                        [--json PATH] [--svg PATH] [--markdown PATH] [--allow-dirty] [--root PATH]
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
                        [--json PATH] [--svg PATH] [--markdown PATH] [--allow-dirty] [--root PATH]
    Times incremental builds of demo (through the root workspace when there is one) after
    each edit in each module (K runs each): CPU and wall time, the load, which modules and
    files recompiled; restores every edited file. Needs a clean git tree unless --allow-dirty.
    --scenarios   a comma list of null, body, interface, add-file, delete-file (default: all)
    --baseline    a committed --json report: edit the files it names, then list the rows that
                  moved (recompiled sets exactly, each changed module with why; exit 1 if any)
                  and note CPU times beyond 1.3x and 0.25 s
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
guard let command = arguments.first, ["repo", "scale", "restore"].contains(command) else {
  fail("give a command: repo, scale or restore\n\(usage)")
}
arguments.removeFirst()

var values: [String: String] = [:]
var allowDirty = false
var coldOnly = false
let valueOptions = [
  "--runs", "--scenarios", "--modules", "--json", "--svg", "--markdown", "--root", "--features",
  "--baseline",
]
var index = 0
while index < arguments.count {
  let option = arguments[index]
  if option == "--allow-dirty" && command == "repo" {
    allowDirty = true
  } else if option == "--cold-only" && command == "scale" {
    coldOnly = true
  } else if valueOptions.contains(option) && (command != "restore" || option == "--root") {
    guard index + 1 < arguments.count else { fail("\(option) needs a value\n\(usage)") }
    values[option] = arguments[index + 1]
    index += 1
  } else {
    fail("unknown option '\(option)' for \(command)\n\(usage)")
  }
  index += 1
}
if command == "repo", values["--features"] != nil {
  fail("--features is for buildtime scale\n\(usage)")
}
if command == "scale",
  values["--scenarios"] != nil || values["--modules"] != nil || values["--baseline"] != nil
{
  fail("--scenarios, --modules and --baseline are for buildtime repo\n\(usage)")
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
  case "repo":
    var options = RepoTiming.Options(root: root)
    options.runs = runs
    options.allowDirty = allowDirty
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
