import Foundation
import ItemsClient
import ItemsClientLive

// Loading and saving the item file against the floor of reading and writing the same JSON
// without the demo's checks, each case in a process of its own (so its peak memory is its
// own), with CPU (user + sys), wall time and peak resident memory, measured in one run.
//
//   swift run -c release --package-path Packages/Clients/ItemsClient ItemsFileBenchmark \
//     [--items N] [--demo PATH]
//
// With --demo, the demo itself is timed too: starting on the file, and `items`, `add`, `save`.

/// One case's cost.
struct Cost {
  var wall: Double
  var cpu: Double
  var peakMegabytes: Double
}

/// The cases, each run by `--case NAME FILE` in a child process.
let cases: [(name: String, what: String)] = [
  ("bytes", "read the bytes, write them to a new file, fsync (the I/O floor)"),
  ("foundation", "JSONSerialization: parse, then write pretty-printed"),
  ("codable", "JSONDecoder into plain structs, JSONEncoder back (the typed JSON floor)"),
  ("load", "ItemsFile.load: parse and check every item"),
  ("load-save", "ItemsFile.load, one quantity changed, ItemsFile.save (atomic, fsync)"),
]

/// An item as plain Codable: the typed floor.
struct PlainItem: Codable {
  var id: UUID
  var name: String
  var quantity: Int
  var note: String
}

/// A document as plain Codable.
struct PlainDocument: Codable {
  var version: Int
  var items: [PlainItem]
}

func runCase(_ name: String, file: URL) throws {
  let scratch = file.deletingLastPathComponent().appendingPathComponent("out.json")
  switch name {
  case "bytes":
    let data = try Data(contentsOf: file)
    try data.write(to: scratch)
    let descriptor = open(scratch.path, O_RDONLY)
    fsync(descriptor)
    close(descriptor)
  case "foundation":
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
    try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted]).write(to: scratch)
  case "codable":
    let document = try JSONDecoder().decode(PlainDocument.self, from: Data(contentsOf: file))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted]
    try encoder.encode(document).write(to: scratch)
  case "load":
    _ = try ItemsFile(url: file).load()
  case "load-save":
    let items = ItemsFile(url: file)
    var list = try items.load()
    list[0].quantity += 1
    try items.save(list)
  default:
    throw CocoaError(.featureUnsupported)
  }
}

/// Runs `executable` with `arguments` (output discarded) and measures it with wait4.
func measure(_ executable: String, _ arguments: [String], input: String? = nil) throws -> Cost {
  let start = ContinuousClock.now
  var pid: pid_t = 0
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  if let input { posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0) }
  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  defer {
    for argument in argv { free(argument) }
  }
  guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else {
    throw CocoaError(.executableNotLoadable)
  }
  var status: Int32 = 0
  var usage = rusage()
  wait4(pid, &status, 0, &usage)
  let wall = start.duration(to: .now)
  guard status == 0 else { throw CocoaError(.executableLoad) }
  func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
  return Cost(
    wall: Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18,
    cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime),
    peakMegabytes: Double(usage.ru_maxrss) / 1024)
}

/// `items.json` with `count` items, written without the code under test.
func writeFixture(_ count: Int, to file: URL) throws {
  var text = "{\"version\": 1, \"items\": ["
  text.reserveCapacity(count * 110)
  for index in 0..<count {
    if index > 0 { text += ",\n" }
    let id = UUID(counting: UInt64(index + 1)).uuidString
    text += "{\"id\": \"\(id)\", \"name\": \"Item \(index + 1)\", \"quantity\": 1, \"note\": \"\"}"
  }
  text += "]}\n"
  try Data(text.utf8).write(to: file)
}

func format(_ value: Double, _ digits: Int = 2) -> String {
  String(format: "%.\(digits)f", value)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--case", arguments.count == 3 {
  do {
    try runCase(arguments[1], file: URL(fileURLWithPath: arguments[2]))
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
  }
}

var count = 1_000_000
var demo: String?
var index = 0
while index < arguments.count {
  switch arguments[index] {
  case "--items" where index + 1 < arguments.count:
    guard let value = Int(arguments[index + 1]), value > 0 else {
      FileHandle.standardError.write(Data("error: --items takes a whole number above 0\n".utf8))
      exit(2)
    }
    count = value
    index += 2
  case "--demo" where index + 1 < arguments.count:
    demo = arguments[index + 1]
    index += 2
  default:
    FileHandle.standardError.write(
      Data("error: unknown argument '\(arguments[index])'; use [--items N] [--demo PATH]\n".utf8))
    exit(2)
  }
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
  "items-benchmark-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let file = folder.appendingPathComponent("items.json")
let original = folder.appendingPathComponent("original.json")
try writeFixture(count, to: original)
let size = (try FileManager.default.attributesOfItem(atPath: original.path)[.size] as? Int) ?? 0
var load = [0.0, 0.0, 0.0]
getloadavg(&load, 3)
print(
  "items: \(count), file: \(format(Double(size) / 1_048_576, 1)) MiB, "
    + "load average: \(format(load[0])) \(format(load[1])) \(format(load[2]))")
print("| case | CPU s (user+sys) | wall s | peak MiB | CPU vs typed JSON floor |")
print("|---|---:|---:|---:|---:|")
let executable = URL(fileURLWithPath: CommandLine.arguments[0]).path
var floorCPU: Double?
for (name, what) in cases {
  try FileManager.default.copyItem(at: original, to: file)
  let cost = try measure(executable, ["--case", name, file.path])
  try FileManager.default.removeItem(at: file)
  if name == "codable" { floorCPU = cost.cpu }
  let ratio = floorCPU.map { format(cost.cpu / $0) + "x" } ?? "—"
  print(
    "| \(name): \(what) | \(format(cost.cpu)) | \(format(cost.wall)) | "
      + "\(format(cost.peakMegabytes, 0)) | \(ratio) |")
}
if let demo {
  let scripts = [("demo start", ""), ("demo items, add, save", "items\nadd \"X\"\nsave\n")]
  for (name, script) in scripts {
    try FileManager.default.copyItem(at: original, to: file)
    let scriptFile = folder.appendingPathComponent("script.txt")
    try Data(script.utf8).write(to: scriptFile)
    let cost = try measure(demo, ["--data-dir", folder.path, "--script", scriptFile.path])
    try FileManager.default.removeItem(at: file)
    let ratio = floorCPU.map { format(cost.cpu / $0) + "x" } ?? "—"
    print(
      "| \(name) | \(format(cost.cpu)) | \(format(cost.wall)) | "
        + "\(format(cost.peakMegabytes, 0)) | \(ratio) |")
  }
}
