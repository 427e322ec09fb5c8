import Foundation
import Testing

@testable import ArchCheckKit

/// Package descriptions kept between runs: read back only for the very text they describe,
/// moved to the folder they are read for, and never kept for a manifest whose description
/// depends on more than its text.
@Suite("manifest disk cache")
struct ManifestDiskCacheTests {
  private func folder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "manifest-cache-\(UUID().uuidString)")
  }

  @Test("a kept description comes back for the same text only; another text is a miss")
  func sameTextOnly() {
    let cache = folder()
    defer { try? FileManager.default.removeItem(at: cache) }
    let text = "import PackageDescription\nlet package = Package(name: \"Hoge\")\n"
    #expect(ManifestDiskCache.read(text: text, in: cache) == nil)
    ManifestDiskCache.write(
      text: text, dump: "{\"name\": \"Hoge\"}", directory: URL(fileURLWithPath: "/work/Hoge"),
      in: cache)
    let kept = ManifestDiskCache.read(text: text, in: cache)
    #expect(kept?.dump == "{\"name\": \"Hoge\"}")
    #expect(kept?.directory.path == "/work/Hoge")
    #expect(ManifestDiskCache.read(text: text + " ", in: cache) == nil)
  }

  @Test("an entry whose text differs (a hash collision, an edited file) is a miss")
  func collisionIsAMiss() throws {
    let cache = folder()
    defer { try? FileManager.default.removeItem(at: cache) }
    let text = "let package = Package(name: \"A\")\n"
    ManifestDiskCache.write(
      text: "something else", dump: "{}", directory: URL(fileURLWithPath: "/x"), in: cache)
    let other = cache.appendingPathComponent(ManifestDiskCache.key(for: "something else") + ".json")
    let mine = cache.appendingPathComponent(ManifestDiskCache.key(for: text) + ".json")
    try FileManager.default.moveItem(at: other, to: mine)
    #expect(ManifestDiskCache.read(text: text, in: cache) == nil)
  }

  @Test("past the maximum the folder is emptied before the next entry")
  func bounded() throws {
    let cache = folder()
    defer { try? FileManager.default.removeItem(at: cache) }
    try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
    // A small bound, so the test writes a handful of files, not thousands.
    let maximum = 5
    for index in 0..<(maximum - 1) {
      _ = FileManager.default.createFile(
        atPath: cache.appendingPathComponent("\(index).json").path, contents: Data())
    }
    // Below the bound the entry is added; at it, the folder is emptied first.
    ManifestDiskCache.write(
      text: "s", dump: "{}", directory: URL(fileURLWithPath: "/x"), in: cache, maximum: maximum)
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).count == maximum)
    ManifestDiskCache.write(
      text: "t", dump: "{}", directory: URL(fileURLWithPath: "/x"), in: cache, maximum: maximum)
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).count == 1)
    #expect(ManifestDiskCache.read(text: "t", in: cache)?.dump == "{}")
  }

  @Test("the key depends on the toolchain and the text")
  func key() {
    #expect(ManifestDiskCache.key(for: "a") != ManifestDiskCache.key(for: "b"))
    #expect(ManifestDiskCache.key(for: "a") == ManifestDiskCache.key(for: "a"))
    #expect(!ManifestDiskCache.toolchain.isEmpty)
  }
}
