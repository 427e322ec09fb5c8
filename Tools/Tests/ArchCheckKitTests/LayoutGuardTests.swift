import ArchCheckKit
import Foundation
import Testing

/// `archcheck layout-guard`, which `make build`, `run`, `dev` and `test` run before the root
/// workspace builds (through `Tools/scripts/layout-guard.sh`): when a module's types change
/// their layout, that module and every module built on it compile again; a body edit marks
/// nothing. Run on the fixture repo (Core, Hoge and Fuga, an App whose AppLive holds
/// AppFeature's types), with real manifests.
@Suite("the layout guard before a workspace build")
struct LayoutGuardTests {
  typealias Sandbox = MakefileTests.Sandbox

  static let script = RepoFiles.file("Tools/scripts/layout-guard.sh").path

  /// The fixture with every Swift file dated an hour back, and a guard's record in `.build`.
  static func recordedRepo() throws -> (repo: FixtureRepo, record: URL, past: Date) {
    let repo = try FixtureRepo()
    let record = repo.root.appendingPathComponent(".build/switchyard-layout")
    let first = LayoutGuard.run(try load(repo), record: record, hasBuild: false)
    #expect(first.recompiled.isEmpty)
    let past = try backdate(repo)
    return (repo, record, past)
  }

  static func load(_ repo: FixtureRepo) throws -> Repo {
    try Repo.load(root: repo.root).repo
  }

  /// Dates every Swift file an hour back; returns that time.
  static func backdate(_ repo: FixtureRepo) throws -> Date {
    let past = Date(timeIntervalSinceNow: -3600)
    for path in try DependentSourcesTests.times(repo).keys {
      try FileManager.default.setAttributes(
        [.modificationDate: past], ofItemAtPath: repo.root.appendingPathComponent(path).path)
    }
    return past
  }

  /// The Swift files marked since `past`, sorted.
  static func marked(_ repo: FixtureRepo, since past: Date) throws -> [String] {
    try DependentSourcesTests.times(repo).filter { $0.value > past.addingTimeInterval(60) }
      .keys.sorted()
  }

  /// Stand-ins for `swift` and archcheck that log their calls, in one log (`calls`), and pass.
  static func loggingTools(_ sandbox: Sandbox) throws -> (swift: String, archcheck: String) {
    let swift = try sandbox.tool(
      "swift",
      """
      echo "swift $*" >> "$(dirname "$0")/calls"
      echo '✔ Test run with 1 test in 1 suite passed after 0.1 seconds.'
      """)
    let archcheck = try sandbox.tool(
      "archcheck", "echo \"archcheck $*\" >> \"$(dirname \"$0\")/calls\"")
    return (swift, archcheck)
  }

  @Test("a body edit or a comment marks nothing")
  func bodyEditMarksNothing() throws {
    let path = "Packages/HogeFeature/Sources/HogeFeature/Hoge.swift"
    let before =
      "import CoreStore\nimport CoreUI\n\npublic struct Hoge {\n  func f() -> Int { 1 }\n}\n"
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.write(path, before)
    let record = repo.root.appendingPathComponent(".build/switchyard-layout")
    _ = LayoutGuard.run(try Self.load(repo), record: record, hasBuild: true)
    let past = try Self.backdate(repo)
    try repo.write(
      path,
      "import CoreStore\nimport CoreUI\n\n// A comment.\npublic struct Hoge {\n  func f() -> Int { 2 }\n}\n"
    )
    // Written, so newer: what is compared is the signature, not the time.
    let outcome = LayoutGuard.run(try Self.load(repo), record: record, hasBuild: true)
    #expect(outcome.changed == [])
    #expect(outcome.recompiled == [])
    #expect(outcome.line(buildFolder: ".build") == nil)
    #expect(
      try Self.marked(repo, since: past) == ["Packages/HogeFeature/Sources/HogeFeature/Hoge.swift"])
  }

  @Test("a stored property added to a feature's type marks the feature and all built on it")
  func storedPropertyMarksDependents() throws {
    let (repo, record, past) = try Self.recordedRepo()
    defer { repo.remove() }
    try repo.write(
      "Packages/HogeFeature/Sources/HogeFeature/Hoge.swift",
      "import CoreStore\nimport CoreUI\n\npublic struct Hoge {\n  public var padA: [Int] = [7]\n}\n"
    )
    let outcome = LayoutGuard.run(try Self.load(repo), record: record, hasBuild: true)
    #expect(outcome.changed == ["HogeFeature"])
    // AppLive holds AppFeature's types, which may hold Hoge's: it compiles again too.
    #expect(outcome.recompiled == ["AppFeature", "AppLive", "HogeFeature"])
    #expect(
      try Self.marked(repo, since: past) == [
        "App/Sources/AppFeature/Router.swift", "App/Sources/AppLive/Live.swift",
        "Packages/HogeFeature/Sources/HogeFeature/Hoge.swift",
      ])
    #expect(outcome.files == 3)
    #expect(
      outcome.line(buildFolder: ".build")
        == "layout-guard: declarations changed in HogeFeature, so a type's layout may have; it"
        + " and the 2 modules built on it compile again (3 files), as an incremental build would"
        + " keep objects made for the old layout (Lab/stale-layout-repro)")
    // Recorded: the next build marks nothing.
    _ = try Self.backdate(repo)
    #expect(LayoutGuard.run(try Self.load(repo), record: record, hasBuild: true).recompiled == [])
  }

  @Test("a layout edit in Core marks every module built on Core; what Core's store is built on not")
  func coreEditMarksEverythingBuiltOnIt() throws {
    let (repo, record, _) = try Self.recordedRepo()
    defer { repo.remove() }
    try repo.write(
      "Packages/Core/Sources/CoreStore/Store.swift", "public struct Store { var count = 0 }\n")
    let outcome = LayoutGuard.run(try Self.load(repo), record: record, hasBuild: true)
    #expect(outcome.changed == ["CoreStore"])
    #expect(outcome.recompiled.contains("CoreUI"))
    #expect(outcome.recompiled.contains("HogeFeature"))
    #expect(outcome.recompiled.contains("FugaFeature"))
    #expect(outcome.recompiled.contains("AppLive"))
    #expect(!outcome.recompiled.contains("CoreDependencies"))
  }

  @Test("a manifest edit marks its package's modules and those built on them")
  func manifestEditMarks() throws {
    let (repo, record, _) = try Self.recordedRepo()
    defer { repo.remove() }
    try repo.edit(
      "Packages/FugaFeature/Package.swift", replacing: "let package", with: "// edited\nlet package"
    )
    let outcome = LayoutGuard.run(try Self.load(repo), record: record, hasBuild: true)
    #expect(outcome.changed == ["FugaFeature"])
    #expect(outcome.recompiled == ["AppFeature", "AppLive", "FugaFeature"])
  }

  @Test(
    "a record that is missing, from another format, cut short or edited, beside a build, marks everything",
    arguments: ["missing", "old format", "cut short", "a line lost", "a digest edited"])
  func noRecordMarksEverything(record kind: String) throws {
    let (repo, record, _) = try Self.recordedRepo()
    defer { repo.remove() }
    switch kind {
    case "missing": try FileManager.default.removeItem(at: record)
    case "old format": try Data("3928402 1204\n".utf8).write(to: record)
    default:
      var lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n")
      #expect(lines.count > 4)
      switch kind {
      case "cut short": lines = Array(lines.prefix(3))
      case "a line lost": lines.remove(at: 2)
      default: lines[2] = lines[2].split(separator: " ")[0] + " 0000000000000000"
      }
      try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: record)
    }
    let modules = try Self.load(repo).manifests.flatMap(\.targets).map(\.name).sorted()
    let outcome = LayoutGuard.run(try Self.load(repo), record: record, hasBuild: true)
    #expect(outcome.firstRecord)
    #expect(outcome.recompiled == modules)
    #expect(outcome.line(buildFolder: ".build")?.contains("compiles again once") == true)
  }

  @Test("a manifest that does not load stops the guard with its message; nothing is recorded")
  func brokenManifestStops() throws {
    let (repo, record, _) = try Self.recordedRepo()
    defer { repo.remove() }
    let before = try Data(contentsOf: record)
    try repo.write("Packages/FugaFeature/Package.swift", "let package = Package(\n")
    #expect(throws: ArchCheckError.self) {
      try LayoutGuard.run(root: repo.root, record: record, hasBuild: true)
    }
    #expect(try Data(contentsOf: record) == before)
  }

  @Test("an empty build folder only records: a first build has nothing stale")
  func firstBuildRecords() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    let record = repo.root.appendingPathComponent(".build/switchyard-layout")
    let outcome = LayoutGuard.run(try Self.load(repo), record: record, hasBuild: false)
    #expect(outcome.changed.isEmpty && outcome.recompiled.isEmpty && outcome.files == 0)
    #expect(FileManager.default.fileExists(atPath: record.path))
  }

  @Test("a file's signature is scanned again when it changes, even to an older time")
  func cacheFollowsEveryChange() throws {
    let (repo, record, past) = try Self.recordedRepo()
    defer { repo.remove() }
    let path = "Packages/HogeFeature/Sources/HogeFeature/Hoge.swift"
    try repo.write(path, "import CoreStore\nimport CoreUI\n\npublic struct Hoge { var a = 1 }\n")
    // Dated back further than the record's entry: only size, time and inode differ.
    try FileManager.default.setAttributes(
      [.modificationDate: past.addingTimeInterval(-3600)],
      ofItemAtPath: repo.root.appendingPathComponent(path).path)
    let outcome = LayoutGuard.run(try Self.load(repo), record: record, hasBuild: true)
    #expect(outcome.changed == ["HogeFeature"])
  }

  @Test("the script passes the build folder to archcheck and its line to standard error")
  func scriptRunsArchcheck() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let archcheck = try sandbox.tool(
      "archcheck", "echo \"$*\" >> \"$(dirname \"$0\")/calls\"; echo 'layout-guard: marked'")
    let run = try runProcess(
      "/bin/bash", [Self.script, ".build-dev", "--", archcheck, "--root", "/repo"],
      in: sandbox.folder, environment: ProcessInfo.processInfo.environment)
    #expect(run.status == 0)
    #expect(run.output == "layout-guard: marked\n")
    #expect(sandbox.read("calls") == "--root /repo layout-guard .build-dev\n")
  }

  @Test("when archcheck cannot compare, the build stops with one line and status 1")
  func failureStopsTheBuild() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let archcheck = try sandbox.tool(
      "archcheck", "echo 'error: Packages/X/Package.swift:3: expected expression' >&2; exit 2")
    let run = try runProcess(
      "/bin/bash", [Self.script, ".build", "--", archcheck], in: sandbox.folder,
      environment: ProcessInfo.processInfo.environment)
    #expect(run.status == 1)
    #expect(
      run.output.split(separator: "\n") == [
        "error: Packages/X/Package.swift:3: expected expression",
        "layout-guard: cannot compare the layouts of the types built in .build (above); fix that,"
          + " then build again",
      ])
  }

  @Test("called without a build folder or a command, it says how to call it and exits 2")
  func usage() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    for arguments in [[], [".build"], [".build", "--"], [".build", "touch"]] {
      let run = try runProcess(
        "/bin/bash", [Self.script] + arguments, in: sandbox.folder,
        environment: ProcessInfo.processInfo.environment)
      #expect(run.status == 2)
      #expect(run.output == "usage: layout-guard.sh BUILD_DIR -- ARCHCHECK...\n")
    }
  }

  @Test("make test runs it for a package built alone beside the workspace, in its own folder")
  func packageAloneGuarded() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.makeWorkspace()
    try sandbox.makePackage("App")
    try sandbox.makePackage("Extra")
    let (swift, archcheck) = try Self.loggingTools(sandbox)
    let run = try sandbox.make([
      "test", "SWIFT=\(swift)", "ARCHCHECK_TOOL=\(archcheck)", "TEST_PACKAGES=. Extra",
    ])
    #expect(run.status == 0, "\(run.output)")
    let calls = sandbox.read("calls").split(separator: "\n").map(String.init)
    let guardCall = calls.firstIndex { $0.hasSuffix(" layout-guard Extra/.build") }
    let build = calls.firstIndex { $0.hasPrefix("swift build --build-tests --package-path Extra") }
    #expect(guardCall != nil, "\(calls)")
    if let guardCall, let build { #expect(guardCall < build, "\(calls)") }
  }

  @Test("make preview runs it for the feature's own build folder, then the preview; bad names not")
  func previewRunsIt() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.makePackage("Packages/HogeFeature")
    let swift = try sandbox.tool("swift", "echo \"swift $*\" >> \"$(dirname \"$0\")/calls\"")
    let archcheck = try sandbox.tool(
      "archcheck", "echo \"archcheck $*\" >> \"$(dirname \"$0\")/calls\"")
    let run = try sandbox.make([
      "preview", "NAME=Hoge", "SWIFT=\(swift)", "ARCHCHECK_TOOL=\(archcheck)",
    ])
    #expect(run.status == 0, "\(run.output)")
    let calls = sandbox.read("calls").split(separator: "\n").map(String.init)
    #expect(calls.count == 2, "\(calls)")
    #expect(calls.first?.hasSuffix(" layout-guard Packages/HogeFeature/.build") == true, "\(calls)")
    #expect(calls.last == "swift run --quiet --package-path Packages/HogeFeature HogePreview")
    for name in ["Piyo", "../Hoge", "Hoge; touch pwned", ""] {
      let refused = try sandbox.make(["preview", "NAME=\(name)", "SWIFT=\(swift)"])
      #expect(refused.status == 2, "\(name)")
      #expect(
        refused.output.hasPrefix("error: no feature '\(name)'; give one of: Hoge"),
        "\(refused.output)")
    }
    #expect(!sandbox.exists("pwned"))
  }

  @Test(
    "make build, run, dev and test run it before the workspace builds, each for its build folder",
    arguments: [("build", ".build"), ("run", ".build"), ("dev", ".build-dev"), ("test", ".build")])
  func makeRunsIt(target: String, buildFolder: String) throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.makeWorkspace()
    try sandbox.makePackage("App")
    try sandbox.makePackage("Tools")
    let (swift, archcheck) = try Self.loggingTools(sandbox)
    let run = try sandbox.make([target, "SWIFT=\(swift)", "ARCHCHECK_TOOL=\(archcheck)"])
    #expect(run.status == 0, "\(target): \(run.output)")
    let calls = sandbox.read("calls").split(separator: "\n").map(String.init)
    let guardCall = calls.firstIndex {
      $0.hasPrefix("archcheck --root ") && $0.hasSuffix(" layout-guard \(buildFolder)")
    }
    let build = calls.firstIndex {
      ($0.hasPrefix("swift build") || $0.hasPrefix("swift test")) && !$0.contains("Tools")
    }
    #expect(guardCall != nil, "\(target): \(calls)")
    #expect(build != nil, "\(target): \(calls)")
    if let guardCall, let build { #expect(guardCall < build, "\(target): \(calls)") }
  }
}
