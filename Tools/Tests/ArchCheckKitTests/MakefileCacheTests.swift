import Foundation
import Testing

/// `CACHE=1` through the Makefile, with a stand-in `swift`: the root workspace's build goes
/// through the compilation cache (its flags, the shared build path pointing at this clone's
/// `.build-cache`, the line that says so), and `CACHE=0`, the default, does none of that.
@Suite("Makefile: the compilation cache")
struct MakefileCacheTests {
  @Test("make build CACHE=1 builds through the cache; without it, the flags are the usual ones")
  func buildThroughTheCache() throws {
    let sandbox = try MakefileTests.Sandbox()
    defer { sandbox.remove() }
    try Data("// the root workspace\n".utf8).write(
      to: sandbox.folder.appendingPathComponent("Package.swift"))
    let swift = try sandbox.tool("swift", "echo \"$@\" >> \"$(dirname \"$0\")/calls\"")
    let home = sandbox.folder.appendingPathComponent("cache").path
    let cached = try sandbox.make([
      "build", "CACHE=1", "SWIFT=\(swift)", "SWITCHYARD_CACHE_HOME=\(home)",
    ])
    #expect(cached.status == 0, "\(cached.output)")
    #expect(cached.output.contains("compile-cache: on; store \(home)/cas"))
    let call = sandbox.read("calls")
    #expect(call.contains("build --scratch-path \(home)/build"))
    #expect(call.contains("-cache-compile-job"))
    #expect(call.contains("-cas-path -Xswiftc \(home)/cas"))
    let link = try FileManager.default.destinationOfSymbolicLink(atPath: "\(home)/build")
    #expect(
      URL(fileURLWithPath: link).resolvingSymlinksInPath()
        == sandbox.folder.appendingPathComponent(".build-cache").resolvingSymlinksInPath())
    try FileManager.default.removeItem(at: sandbox.folder.appendingPathComponent("calls"))
    let plain = try sandbox.make(["build", "SWIFT=\(swift)", "SWITCHYARD_CACHE_HOME=\(home)"])
    #expect(plain.status == 0, "\(plain.output)")
    #expect(!plain.output.contains("compile-cache"))
    #expect(!sandbox.read("calls").contains("-cache-compile-job"))
  }

  #if os(Linux)
    @Test("make test CACHE=1 on Linux builds the tests without the cache, and says why")
    func testWithoutTheCacheOnLinux() throws {
      let sandbox = try MakefileTests.Sandbox()
      defer { sandbox.remove() }
      try sandbox.makeWorkspace()
      try sandbox.makePackage("Packages/Core", testTarget: "CoreTests")
      let swift = try sandbox.tool(
        "swift",
        """
        echo "$*" >> "$(dirname "$0")/calls"
        echo '✔ Test run with 5 tests in 1 suite passed after 0.1 seconds.'
        """)
      let home = sandbox.folder.appendingPathComponent("cache").path
      let run = try sandbox.make([
        "test", "CACHE=1", "SWIFT=\(swift)", "SWITCHYARD_CACHE_HOME=\(home)",
        "PACKAGES=Packages/Core",
      ])
      #expect(run.status == 0, "\(run.output)")
      #expect(run.output.contains("compile-cache: off for make test on Linux"))
      let calls = sandbox.read("calls")
      #expect(calls.contains("build --build-tests\n"), "\(calls)")
      #expect(!calls.contains("-cache-compile-job"))
      #expect(!FileManager.default.fileExists(atPath: "\(home)/build"))
    }
  #endif

  @Test("make clean-cache empties the store, and says so when there is none")
  func cleanCache() throws {
    let sandbox = try MakefileTests.Sandbox()
    defer { sandbox.remove() }
    let home = sandbox.folder.appendingPathComponent("cache")
    let store = home.appendingPathComponent("cas/v1.1")
    try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
    let run = try sandbox.make(["clean-cache", "SWITCHYARD_CACHE_HOME=\(home.path)"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("compile-cache: emptied \(home.path)/cas"))
    #expect(!FileManager.default.fileExists(atPath: store.path))
  }
}
