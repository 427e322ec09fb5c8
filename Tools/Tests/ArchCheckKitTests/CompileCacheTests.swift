import Foundation
import Testing

/// The compilation cache (`make … CACHE=1`, `Tools/scripts/compile-cache.sh`), run for real on
/// a two-target package copied to two clones at different paths: a second clone replays what
/// the first stored, and nothing stale is ever replayed.
@Suite("compilation cache", .serialized, .fullRunOnly)
struct CompileCacheTests {
  static let script = RepoFiles.file("Tools/scripts/compile-cache.sh").path

  /// Two clones of one package (`first/app`, `second/app`) and a cache home of their own.
  struct Clones {
    let root: URL
    var cacheHome: URL

    init() throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "compile-cache-\(UUID().uuidString)")
      cacheHome = root.appendingPathComponent("cache")
      for clone in ["first", "second"] {
        try write(
          "\(clone)/app/Package.swift",
          """
          // swift-tools-version: 6.0
          import PackageDescription
          let package = Package(name: "app", targets: [
            .target(name: "Lib"),
            .executableTarget(name: "app", dependencies: ["Lib"]),
          ])
          """)
        try write(
          "\(clone)/app/Sources/Lib/Lib.swift", #"public func greet() -> String { "hi" }"#)
        try write(
          "\(clone)/app/Sources/app/main.swift",
          """
          import Lib
          #if LOUD
            print(greet().uppercased())
          #else
            print(greet())
          #endif
          """)
      }
    }

    func write(_ path: String, _ text: String) throws {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data((text + "\n").utf8).write(to: url)
    }

    /// Runs bash `command` in `clone`'s package with this cache home: status and output.
    func sh(_ command: String, in clone: String) throws -> (status: Int32, output: String) {
      var environment = ProcessInfo.processInfo.environment
      environment["SWITCHYARD_CACHE_HOME"] = cacheHome.path
      environment["S"] = CompileCacheTests.script
      return try runProcess(
        "/bin/bash", ["-c", command], in: root.appendingPathComponent("\(clone)/app"),
        environment: environment)
    }

    /// Builds `clone` through the cache (with `extra` swiftc flags), with the cache's remarks.
    func build(_ clone: String, extra: String = "") throws -> (status: Int32, output: String) {
      try sh(
        """
        mapfile -t flags < <("$S" flags .)
        "$S" run .build-cache -- swift build "${flags[@]}" -Xswiftc -Rcache-compile-job \(extra)
        """, in: clone)
    }

    /// What `clone`'s program prints.
    func output(of clone: String) throws -> String {
      try sh("./.build-cache/debug/app", in: clone).output
    }

    func remove() {
      try? FileManager.default.removeItem(at: root)
    }
  }

  @Test("a second clone at another path replays every job the first stored, and runs")
  func secondCloneReplays() throws {
    let clones = try Clones()
    defer { clones.remove() }
    let first = try clones.build("first")
    #expect(first.status == 0, "\(first.output)")
    #expect(first.output.contains("compile-cache: on; store \(clones.cacheHome.path)/cas"))
    #expect(first.output.contains("cache miss"))
    let second = try clones.build("second")
    #expect(second.status == 0, "\(second.output)")
    #expect(second.output.contains("replay output file"))
    #expect(!second.output.contains("cache miss"), "\(second.output)")
    #expect(try clones.output(of: "second") == "hi\n")
    // Each clone keeps a build folder of its own.
    #expect(try clones.output(of: "first") == "hi\n")
  }

  @Test("a cache inside the folder holding the first clone (~/.cache, clones in ~) is shared")
  func cacheBesideTheClone() throws {
    var clones = try Clones()
    defer { clones.remove() }
    clones.cacheHome = clones.root.appendingPathComponent("first/.cache/switchyard")
    #expect(try clones.build("first").status == 0)
    let second = try clones.build("second")
    #expect(second.status == 0, "\(second.output)")
    #expect(!second.output.contains("cache miss"), "\(second.output)")
    #expect(try clones.output(of: "second") == "hi\n")
  }

  @Test("an edited file is compiled, never replayed: the changed program runs, and back")
  func editIsCompiled() throws {
    let clones = try Clones()
    defer { clones.remove() }
    #expect(try clones.build("first").status == 0)
    try clones.write(
      "second/app/Sources/Lib/Lib.swift", #"public func greet() -> String { "bye" }"#)
    let edited = try clones.build("second")
    #expect(edited.status == 0, "\(edited.output)")
    #expect(edited.output.contains("cache miss for input file '/^src/app/Sources/Lib/Lib.swift'"))
    #expect(try clones.output(of: "second") == "bye\n")
    // The first clone, unchanged, still builds and runs its own program.
    #expect(try clones.build("first").status == 0)
    #expect(try clones.output(of: "first") == "hi\n")
  }

  @Test("a changed flag never replays the output of the other flags")
  func changedFlag() throws {
    let clones = try Clones()
    defer { clones.remove() }
    #expect(try clones.build("first").status == 0)
    let loud = try clones.build("second", extra: "-Xswiftc -DLOUD")
    #expect(loud.status == 0, "\(loud.output)")
    #expect(try clones.output(of: "second") == "HI\n")
    #expect(try clones.build("second").status == 0)
    #expect(try clones.output(of: "second") == "hi\n")
  }

  @Test("a store the compiler cannot read is moved aside, said, and the build compiles")
  func unreadableStore() throws {
    let clones = try Clones()
    defer { clones.remove() }
    #expect(try clones.build("first").status == 0)
    // Overwrite the middle of every data file of the store.
    let spoil = try clones.sh(
      """
      for file in "$SWITCHYARD_CACHE_HOME"/cas/*/v9.*; do
        head -c 4096 /dev/zero | tr '\\0' 'x' | dd of="$file" bs=1 seek=64 conv=notrunc 2>/dev/null
      done
      """, in: "first")
    #expect(spoil.status == 0)
    let rebuilt = try clones.build("second")
    #expect(rebuilt.status == 0, "\(rebuilt.output)")
    #expect(try clones.output(of: "second") == "hi\n")
    let aside = try FileManager.default.contentsOfDirectory(atPath: clones.cacheHome.path)
      .filter { $0.hasPrefix("cas.unreadable-") }
    #expect(rebuilt.output.contains("error: CAS error"))
    #expect(rebuilt.output.contains("the compiler failed reading the store; building again"))
    #expect(aside.count == 1)
    let clean = try clones.sh(#""$S" clean"#, in: "second")
    #expect(clean.status == 0)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: clones.cacheHome.path)
        .filter { $0.hasPrefix("cas") }.isEmpty)
  }

  @Test(
    "bad calls are refused with one line and status 2",
    arguments: [
      (#""$S""#, "usage: compile-cache.sh"),
      (#""$S" run .build-cache swift build"#, "usage: compile-cache.sh run"),
      (#""$S" run .build-cache --"#, "usage: compile-cache.sh run"),
      (#""$S" flags"#, "usage: compile-cache.sh flags"),
      (
        #"mkdir -p "$SWITCHYARD_CACHE_HOME/build" && "$S" run .build-cache -- true"#,
        "is not a symbolic link; move it away"
      ),
      // A build inside a cached build (a test that runs make) would wait for its parent's lock
      // forever.
      (
        #"SWITCHYARD_CACHE_HOLDER=1 SWITCHYARD_CACHE_HOLDER_HOME="$SWITCHYARD_CACHE_HOME" "$S" run .build-cache -- true"#,
        "runs inside another cached build (pid 1)"
      ),
      // A limit that is not a whole number of MiB, and a cache home the flags cannot carry.
      (#"SWITCHYARD_CACHE_LIMIT_MB=4G "$S" run .build-cache -- true"#, "got '4G'"),
      (#"SWITCHYARD_CACHE_LIMIT_MB=abc "$S" flags ."#, "must be a whole number of MiB"),
      (
        #"SWITCHYARD_CACHE_LIMIT_MB=12345678901234567890 "$S" run .build-cache -- true"#,
        "must be a whole number of MiB"
      ),
      (
        #"SWITCHYARD_CACHE_HOME="$SWITCHYARD_CACHE_HOME/with space" "$S" flags ."#,
        "holds a space, which the build's flags cannot carry"
      ),
    ])
  func refusals(command: String, message: String) throws {
    let clones = try Clones()
    defer { clones.remove() }
    let run = try clones.sh(command, in: "first")
    #expect(run.status == 2, "\(run.output)")
    #expect(run.output.contains(message), "\(run.output)")
    #expect(run.output.split(separator: "\n").count == 1, "\(run.output)")
  }
}
