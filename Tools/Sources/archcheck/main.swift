import ArchCheckKit
import Foundation

// archcheck: the template's architecture rules as a command. See ARCHITECTURE.md.

let usage = """
  usage: archcheck verify [--build [--cache SCRIPT]] [--root PATH]
         archcheck graph [--format mermaid|dot] [--print] [--root PATH]
         archcheck generate [--check] [--root PATH]
         archcheck workspace [--root PATH]
         archcheck new-feature [NAME] [--root PATH]
         archcheck new-route [FROM TO] [--root PATH]
         archcheck remove-feature [NAME] [--dry-run] [--root PATH]
         archcheck rename-feature [FROM TO] [--dry-run] [--root PATH]
         archcheck layout-guard BUILD_DIR [--root PATH]
  """

/// What each command does, for `--help`.
let commandHelp: [String: String] = [
  "verify": """
  usage: archcheck verify [--build [--cache SCRIPT]] [--root PATH]
    Checks the architecture rules of ARCHITECTURE.md: feature manifests depend on Core only,
    no remote packages, every import declared, the module graph, the generated case
    paths, the root workspace manifest and the editor workspaces current. Prints each
    violation as path:line and exits 1, or one summary line and exits 0.
    --build   also builds each feature alone and the App with SwiftPM's import check
    --cache SCRIPT   builds those through the compilation cache (Tools/scripts/compile-cache.sh;
              make check-build CACHE=1), each package still in a scratch folder of its own
  """,
  "graph": """
  usage: archcheck graph [--format mermaid|dot] [--print] [--root PATH]
    Writes the module graph (Mermaid) into Docs/ModuleGraph.md (make generate runs it).
    --print          prints the Mermaid graph instead of writing it
    --format dot     prints the graph as Graphviz DOT
  """,
  "generate": """
  usage: archcheck generate [--check] [--root PATH]
    Writes everything generated: the case paths of every enum that conforms to CasePathable
    in its declaration and the App's screen code (<File>.generated.swift beside the source;
    generated files whose source no longer has one are removed), the root workspace
    Package.swift, the editor workspaces and the module graph (Docs/ModuleGraph.md). Refuses
    what it cannot read (path:line) and then writes nothing.
    --check   writes nothing; exits 1 with one line naming the generated Swift files that are
              not current (what make build and make run ask after a failed build)
  """,
  "workspace": """
  usage: archcheck workspace [--root PATH]
    Writes the root Package.swift: every module of the packages but Tools, TCAExamples, Fuzz and Lab as one
    target each, with the same dependencies and settings, so one build compiles each module
    once. Refuses (path:line) what it cannot carry: a module or executable name used twice,
    resources, a setting other than warnings as errors and unsafe flags. Platforms merge to
    the highest version any package asks for. Then writes the editor workspaces,
    Switchyard.xcworkspace (Xcode) and Switchyard.code-workspace (VS Code), listing every
    package folder.
  """,
  "new-feature": """
  usage: archcheck new-feature [NAME] [--root PATH]
    Scaffolds Packages/<NAME>Feature in the feature shape and wires it into the App. NAME is
    UpperCamelCase, like Piyo; without it, the name is read from the environment variable
    SWITCHYARD_FEATURE_NAME (what make feature NAME=... passes, so the shell never reads it).
  """,
  "new-route": """
  usage: archcheck new-route [FROM TO] [--root PATH]
    Lets feature FROM open screen TO of the App's screen list: writes the route case in
    FROM's Route, the action, the reducer's case, the view's command and a TestStore test,
    then regenerates. TO is a screen's reducer or case name (ItemList or items). Without
    arguments, they are read from SWITCHYARD_ROUTE_FROM and SWITCHYARD_ROUTE_TO (what make
    route FROM=... TO=... passes). Refuses, writing nothing, a route that exists already.
    With SWITCHYARD_EDIT_CHECK (a shell command; make route passes a build of the app and
    its tests that records the transcripts), the route is kept only when it succeeds.
  """,
  "remove-feature": """
  usage: archcheck remove-feature [NAME] [--dry-run] [--root PATH]
    Removes Packages/<NAME>Feature and what refers to it in code: its screens' lines in the
    App's screen list and tab list, its package and product in every manifest, its imports,
    the routes other features have to its screens (route case, action, reducer case, view
    command), the tests whose code uses its modules, types, cases or actions, and the golden
    transcripts that show its screens; then regenerates. Words in strings and comments are
    never matched. NAME is Fuga, FugaFeature or a screen's case name (fuga); without it, it
    is read from SWITCHYARD_FEATURE_NAME (what make remove-feature NAME=... passes). Refuses
    the feature that holds the first screen of the list, and an edit that would not parse.
    Lists the comments that still name it. With SWITCHYARD_EDIT_CHECK (a shell command;
    make remove-feature passes a build of the app and its tests that records the
    transcripts), the removal is kept only when the command succeeds.
    --dry-run   lists what it would change and changes nothing (make remove-feature DRY_RUN=1)
  """,
  "rename-feature": """
  usage: archcheck rename-feature [FROM TO] [--dry-run] [--root PATH]
    Renames Packages/<FROM>Feature to Packages/<TO>Feature: its folders and files, and the
    names its declarations give (modules, types and screen cases that start with FROM, the
    route cases and actions that ask for its screens) wherever the App's code sees them;
    strings and comments only where the code beside them uses those names, and in the golden
    transcripts that show its screens. TO is checked as make feature checks a name, and is
    refused when a text it would touch already has one of the new names as a word (so
    renaming back restores every byte). Lists the docs and comment lines that still say FROM. Without arguments,
    they are read from SWITCHYARD_RENAME_FROM and SWITCHYARD_RENAME_TO (what make
    rename-feature FROM=... TO=... passes). With SWITCHYARD_EDIT_CHECK, the rename is kept
    only when the check succeeds.
    --dry-run   lists what it would change and changes nothing (make rename-feature DRY_RUN=1)
  """,
  "layout-guard": """
  usage: archcheck layout-guard BUILD_DIR [--root PATH]
    Run before every build of the root workspace into BUILD_DIR (make build, run, dev, test,
    the previews, the lab; Tools/scripts/layout-guard.sh). Compares each module's layout
    signature (its declarations, everything but the bodies of functions and accessors, and its
    manifest) with BUILD_DIR/switchyard-layout, the record of the last build
    there. Where one changed, marks every Swift file of that module and of every module built
    on it as changed, so the build compiles them again: the driver's incremental build would
    keep objects made for the old layout (Lab/stale-layout-repro). Prints one line when it
    marked anything; a body edit marks nothing.
  """,
]

let overview = """
  archcheck: the template's architecture rules as a command.

  \(usage)
  --root PATH    the repo (default: the current folder)
  Run archcheck COMMAND --help for what a command does.
  """

func fail(_ message: String, status: Int32 = 2) -> Never {
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  exit(status)
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") || arguments.first == "help" {
  let named = arguments.first { commandHelp[$0] != nil }
  print(named.flatMap { commandHelp[$0] } ?? overview)
  exit(0)
}
var root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
if let index = arguments.firstIndex(of: "--root") {
  guard index + 1 < arguments.count else { fail("--root needs a path\n\(usage)") }
  root = URL(fileURLWithPath: arguments[index + 1])
  arguments.removeSubrange(index...index + 1)
}
guard let command = arguments.first else { fail("no command given\n\(usage)") }
let options = Array(arguments.dropFirst())

do throws(ArchCheckError) {
  // A make feature or make route killed mid-write is undone before anything else reads the repo.
  if let recovered = try ArchCheck.recoverInterruptedEdits(root: root) {
    FileHandle.standardError.write(Data("\(recovered)\n".utf8))
  }
  switch command {
  case "verify":
    var rest = options
    var cache: URL?
    if let index = rest.firstIndex(of: "--cache") {
      guard index + 1 < rest.count, !rest[index + 1].hasPrefix("--") else {
        fail("--cache needs the path of the compilation cache script\n\(usage)")
      }
      cache = URL(fileURLWithPath: rest[index + 1])
      rest.removeSubrange(index...index + 1)
      guard rest.contains("--build") else { fail("--cache only goes with --build\n\(usage)") }
    }
    let unknown = rest.filter { $0 != "--build" }
    guard unknown.isEmpty else { fail("unknown option '\(unknown[0])' for verify\n\(usage)") }
    let report = try ArchCheck.verify(root: root, build: rest.contains("--build"), cache: cache) {
      FileHandle.standardError.write(Data("archcheck: \($0)\n".utf8))
    }
    if report.violations.isEmpty {
      print(report.summary)
    } else {
      for violation in report.violations { print(violation) }
      print("archcheck: \(report.violations.count) violation(s)")
      exit(1)
    }
  case "graph":
    var format = "mermaid"
    var printOnly = false
    var index = 0
    while index < options.count {
      switch options[index] {
      case "--format":
        guard index + 1 < options.count, ["mermaid", "dot"].contains(options[index + 1]) else {
          fail("--format takes mermaid or dot\n\(usage)")
        }
        format = options[index + 1]
        index += 1
      case "--print": printOnly = true
      default: fail("unknown option '\(options[index])' for graph\n\(usage)")
      }
      index += 1
    }
    if format == "dot" {
      print(try ArchCheck.graph(root: root).dot())
    } else if printOnly {
      print(try ArchCheck.graph(root: root).mermaid())
    } else {
      let changed = try ArchCheck.writeGraph(root: root)
      print(
        changed
          ? "archcheck: wrote the module graph into \(GraphDocument.path)"
          : "archcheck: the module graph is current")
    }
  case "generate":
    if options == ["--check"] {
      // After a failed build: say so when the generated code is what is out of date.
      if let stale = try GeneratedSources.staleness(root: root) { fail(stale, status: 1) }
      exit(0)
    }
    guard options.isEmpty else { fail("unknown option '\(options[0])' for generate\n\(usage)") }
    let lines = try ArchCheck.generate(root: root)
    for line in lines { print(line) }
    // New screen code changes the layout of what the App holds: its modules compile again.
    if lines.contains(where: { $0.hasPrefix("archcheck: wrote") && $0.hasSuffix(".swift") }) {
      try DependentSources.touch(root: root)
    }
  case "workspace":
    guard options.isEmpty else { fail("unknown option '\(options[0])' for workspace\n\(usage)") }
    let changed = try RootWorkspace.write(root: root)
    let editors = try EditorWorkspaces.write(root: root)
    print(
      changed
        ? "archcheck: wrote Package.swift (the root workspace)"
        : "archcheck: the root workspace manifest is current")
    for path in editors { print("archcheck: wrote \(path) (an editor workspace)") }
  case "new-feature":
    guard options.count <= 1 else { fail("new-feature takes one NAME, like Piyo\n\(usage)") }
    let environment = ProcessInfo.processInfo.environment["SWITCHYARD_FEATURE_NAME"]
    guard let name = options.first ?? environment, !name.isEmpty else {
      fail("give a name: make feature NAME=Piyo (or archcheck new-feature Piyo)")
    }
    let result = try FeatureScaffolder.create(name: name, root: root)
    for line in result.report.dropLast() { print(line) }
    try DependentSources.touch(root: root)
    if let next = result.report.last { print(next) }
  case "new-route":
    let environment = ProcessInfo.processInfo.environment
    let names =
      options.isEmpty
      ? [environment["SWITCHYARD_ROUTE_FROM"] ?? "", environment["SWITCHYARD_ROUTE_TO"] ?? ""]
      : options
    guard names.count == 2, !names[0].isEmpty, !names[1].isEmpty else {
      fail("give both ends: make route FROM=Hoge TO=Piyo (or archcheck new-route Hoge Piyo)")
    }
    let check = ProcessInfo.processInfo.environment["SWITCHYARD_EDIT_CHECK"]
    let report = try RouteScaffolder.add(
      from: names[0], to: names[1], root: root, verify: check?.isEmpty == false ? check : nil)
    for line in report.dropLast() { print(line) }
    for line in try ArchCheck.generate(root: root) where !line.hasSuffix(" are current") {
      print(line)
    }
    try DependentSources.touch(root: root)
    if let next = report.last { print(next) }
  case "remove-feature":
    let unknown = options.filter { $0.hasPrefix("-") && $0 != "--dry-run" }
    guard unknown.isEmpty else {
      fail("unknown option '\(unknown[0])' for remove-feature\n\(usage)")
    }
    let names = options.filter { $0 != "--dry-run" }
    guard names.count <= 1 else { fail("remove-feature takes one NAME, like Fuga\n\(usage)") }
    let environment = ProcessInfo.processInfo.environment["SWITCHYARD_FEATURE_NAME"]
    guard let name = names.first ?? environment, !name.isEmpty else {
      fail("give a name: make remove-feature NAME=Fuga (or archcheck remove-feature Fuga)")
    }
    let dryRun = options.contains("--dry-run")
    let check = ProcessInfo.processInfo.environment["SWITCHYARD_EDIT_CHECK"]
    let lines = try FeatureRemover.remove(
      name: name, root: root, dryRun: dryRun, verify: check?.isEmpty == false ? check : nil)
    for line in lines { print(line) }
    if !dryRun { try DependentSources.touch(root: root) }
  case "rename-feature":
    let unknown = options.filter { $0.hasPrefix("-") && $0 != "--dry-run" }
    guard unknown.isEmpty else {
      fail("unknown option '\(unknown[0])' for rename-feature\n\(usage)")
    }
    let environment = ProcessInfo.processInfo.environment
    var names = options.filter { $0 != "--dry-run" }
    if names.isEmpty {
      names = [
        environment["SWITCHYARD_RENAME_FROM"] ?? "", environment["SWITCHYARD_RENAME_TO"] ?? "",
      ]
    }
    guard names.count == 2, !names[0].isEmpty, !names[1].isEmpty else {
      fail(
        "give both names: make rename-feature FROM=Hoge TO=Profile (or archcheck rename-feature "
          + "Hoge Profile)")
    }
    let dryRun = options.contains("--dry-run")
    let check = environment["SWITCHYARD_EDIT_CHECK"]
    let lines = try FeatureRenamer.rename(
      from: names[0], to: names[1], root: root, dryRun: dryRun,
      verify: check?.isEmpty == false ? check : nil)
    for line in lines { print(line) }
    if !dryRun { try DependentSources.touch(root: root) }
  case "layout-guard":
    guard options.count == 1, !options[0].hasPrefix("-") else {
      fail("layout-guard takes one BUILD_DIR, like .build\n\(usage)")
    }
    let buildFolder = URL(fileURLWithPath: options[0], relativeTo: root).standardizedFileURL
    let fileManager = FileManager.default
    let hasBuild = ["debug", "release"].contains {
      fileManager.fileExists(atPath: buildFolder.appendingPathComponent($0).path)
    }
    let outcome = try LayoutGuard.run(
      root: root, record: buildFolder.appendingPathComponent("switchyard-layout"),
      hasBuild: hasBuild)
    if let line = outcome.line(buildFolder: options[0]) { print(line) }
  default:
    fail("unknown command '\(command)'\n\(usage)")
  }
} catch {
  fail(error.description)
}
