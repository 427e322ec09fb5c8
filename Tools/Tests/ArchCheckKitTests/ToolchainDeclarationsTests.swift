import Foundation
import Testing

@testable import ArchCheckKit

@Suite("the toolchain's declarations, from its symbol graphs")
struct ToolchainDeclarationsTests {
  @Test("top-level types, protocols and macros are read; members and underscored names are not")
  func topLevelNames() throws {
    let graph = """
      {"symbols": [
        {"kind": {"identifier": "swift.struct"}, "pathComponents": ["Bool"]},
        {"kind": {"identifier": "swift.protocol"}, "pathComponents": ["Sendable"]},
        {"kind": {"identifier": "swift.macro"}, "pathComponents": ["Test(_:_:)"]},
        {"kind": {"identifier": "swift.typealias"}, "pathComponents": ["Codable"]},
        {"kind": {"identifier": "swift.struct"}, "pathComponents": ["Bool", "Nested"]},
        {"kind": {"identifier": "swift.func"}, "pathComponents": ["print(_:)"]},
        {"kind": {"identifier": "swift.class"}, "pathComponents": ["_Hidden"]}
      ]}
      """
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "graph-\(UUID().uuidString).symbols.json")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(graph.utf8).write(to: file)
    let names = ToolchainDeclarations.topLevelNames(inGraph: file)
    #expect(names.map(\.name) == ["Bool", "Sendable", "Test", "Codable"])
    #expect(names.map(\.kind) == ["type", "protocol", "macro", "type"])
  }

  @Test("the names come from this toolchain and are kept: the standard library's among them")
  func fromThisToolchain() throws {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
      "toolchain-names-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cache) }
    let made = try ToolchainDeclarations.names(cache: cache)
    #expect(made["Bool"] == "a type of Swift")
    #expect(made["Sendable"] == "a protocol of Swift")
    #expect(made["Task"] != nil)
    #expect(made["DispatchQueue"] == "a type of Dispatch")
    let kept = try FileManager.default.contentsOfDirectory(
      atPath: cache.appendingPathComponent("toolchain-names").path)
    #expect(kept.count == 1)
    #expect(try ToolchainDeclarations.names(cache: cache) == made)
  }
}
