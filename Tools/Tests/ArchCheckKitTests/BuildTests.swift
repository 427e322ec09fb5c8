import ArchCheckKit
import Foundation
import Testing

/// The slow checks: real builds. Serialized so two builds never compete for the 2 cores.
@Suite("archcheck builds", .serialized, .fullRunOnly)
struct BuildTests {
  /// The fixture with Fuga using Hoge without declaring it (Hoge made constructible).
  static func fugaUsingHoge() throws -> FixtureRepo {
    let repo = try FixtureRepo()
    do {
      try repo.write(
        "Packages/FugaFeature/Sources/FugaFeature/Sneaky.swift",
        "import HogeFeature\n\nlet sneaky = Hoge()\n")
      try repo.edit(
        "Packages/HogeFeature/Sources/HogeFeature/Hoge.swift", replacing: "public struct Hoge {}",
        with: "public struct Hoge { public init() {} }")
      return repo
    } catch {
      repo.remove()
      throw error
    }
  }

  @Test("verify --build fails a feature that only compiled thanks to a sibling, exit status first")
  func undeclaredSiblingFailsToBuildAlone() throws {
    let repo = try Self.fugaUsingHoge()
    defer { repo.remove() }
    let violations = try repo.verify(build: true)
    let build = violations.filter { $0.message.contains("does not build alone") }
    // Fuga fails alone; the App, which links Fuga, fails with it; Hoge builds.
    #expect(build.map(\.path) == ["App/Package.swift", "Packages/FugaFeature/Package.swift"])
    #expect(build.first?.message.contains("(exit 1)") == true)
    #expect(violations.contains { $0.path.hasSuffix("Sneaky.swift") && $0.line == 1 })
  }

  @Test("verify --build through the compilation cache still builds each package alone")
  func undeclaredSiblingFailsThroughTheCache() throws {
    let repo = try Self.fugaUsingHoge()
    defer { repo.remove() }
    // The real script, with a store of this test's own.
    let cacheHome = repo.root.appendingPathComponent(".cache-home")
    try repo.write(
      "cache.sh",
      "#!/bin/sh\nSWITCHYARD_CACHE_HOME='\(cacheHome.path)' exec '\(CompileCacheTests.script)' \"$@\""
    )
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: repo.root.appendingPathComponent("cache.sh").path)
    let violations = try ArchCheck.verify(
      root: repo.root, build: true, cache: repo.root.appendingPathComponent("cache.sh")
    ).violations
    let build = violations.filter { $0.message.contains("does not build alone") }
    // The packages built through the cache's one path, yet Hoge's module, built before, was
    // not there for Fuga: Fuga and the App fail as without the cache; Hoge builds.
    #expect(build.map(\.path) == ["App/Package.swift", "Packages/FugaFeature/Package.swift"])
    #expect(FileManager.default.fileExists(atPath: cacheHome.appendingPathComponent("cas").path))
  }

  // A scaffolded feature building alone on the real Core and passing its own tests is what
  // `make test-scaffold` (in .ci/run) checks, on the wired App too; building the real Core
  // here again cost make test about 40 s. The names that sort after every import (Zeta) are
  // linted without a build in ScaffolderTests.

  // The SwiftPM 6.3 stale plan (Lab/stale-plan-repro) hides a file added to a
  // dependency package; in the root workspace every module is the root's, so it is planned.
  @Test("the root workspace builds, and compiles a file added to a feature on the next build")
  func workspaceBuildsAndPlansNewFiles() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    let first = try Shell.run(["swift", "build", "--package-path", repo.root.path])
    #expect(
      first.status == 0,
      "\(first.stdout.suffix(2000))\(first.stderr.suffix(2000))\((try? repo.read("Package.swift")) ?? "")"
    )
    try repo.write(
      "Packages/HogeFeature/Sources/HogeFeature/Added.swift", "let added: Int = \"not a number\"\n")
    let second = try Shell.run(["swift", "build", "--package-path", repo.root.path])
    #expect(second.status != 0)
    #expect((second.stdout + second.stderr).contains("Added.swift"))
  }
}
