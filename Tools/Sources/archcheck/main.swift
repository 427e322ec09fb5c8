import ArchCheckKit
import Foundation

// archcheck: the template's architecture rules as a command. See ARCHITECTURE.md.

let usage = """
  usage: archcheck verify [--build] [--root PATH]
         archcheck graph [--format mermaid|dot] [--print] [--root PATH]
         archcheck new-feature NAME [--root PATH]
  """

func fail(_ message: String, status: Int32 = 2) -> Never {
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  exit(status)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
if let index = arguments.firstIndex(of: "--root") {
  guard index + 1 < arguments.count else { fail("--root needs a path\n\(usage)") }
  root = URL(fileURLWithPath: arguments[index + 1])
  arguments.removeSubrange(index...index + 1)
}
guard let command = arguments.first else { fail("no command given\n\(usage)") }
let options = Array(arguments.dropFirst())

do throws(ArchCheckError) {
  switch command {
  case "verify":
    let unknown = options.filter { $0 != "--build" }
    guard unknown.isEmpty else { fail("unknown option '\(unknown[0])' for verify\n\(usage)") }
    let report = try ArchCheck.verify(root: root, build: options.contains("--build")) {
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
          ? "archcheck: wrote the module graph into ARCHITECTURE.md"
          : "archcheck: the module graph is current")
    }
  case "new-feature":
    guard options.count == 1 else { fail("new-feature takes one NAME, like Piyo\n\(usage)") }
    let result = try FeatureScaffolder.create(name: options[0], root: root)
    for line in result.report { print(line) }
  default:
    fail("unknown command '\(command)'\n\(usage)")
  }
} catch {
  fail(error.description)
}
