import Foundation
import ItemsClient
import Testing

@testable import CoreDependencies
@testable import ItemsClientLive

/// A save cannot be sent to another file by a swap made while it runs: the gap between its
/// check and its rename is held open by a gate in the folder (run just before the rename), and
/// the swap is made there, every time, rather than hoped for in a loop.
@Suite("Saves that cannot be redirected")
struct SaveRedirectTests {
  /// A data folder `data` and a file beside it, `outside.json`, that no save may touch.
  private struct Scene {
    let parent: URL
    var data: URL { parent.appendingPathComponent("data") }
    var items: URL { data.appendingPathComponent("items.json") }
    var outside: URL { parent.appendingPathComponent("outside.json") }
    let outsideText = "keep me"

    init() throws {
      parent = try temporaryFolder("save-redirect")
      try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
      try Data("{\"version\": 1, \"items\": []}".utf8).write(to: items)
      try Data(outsideText.utf8).write(to: outside)
      try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: outside.path)
    }

    /// The file outside is as it was: its bytes and its mode.
    func outsideUntouched() throws -> Bool {
      let mode = try FileManager.default.attributesOfItem(atPath: outside.path)[.posixPermissions]
      return try String(contentsOf: outside, encoding: .utf8) == outsideText
        && (mode as? NSNumber)?.intValue == 0o600
    }
  }

  @Test("items.json swapped for a link out of the folder after the check: the link is replaced")
  func fileSwappedForALink() throws {
    let scene = try Scene()
    defer { try? FileManager.default.removeItem(at: scene.parent) }
    let folder = try OpenedFolder(scene.data, creating: false) { name in
      guard name == "items.json" else { return }
      try? FileManager.default.removeItem(at: scene.items)
      try? FileManager.default.createSymbolicLink(
        at: scene.items, withDestinationURL: scene.outside)
    }
    let file = ItemsFile(folder: folder)
    #expect(try file.load().isEmpty)
    try file.save([Item(id: UUID(counting: 1), name: "Tea")])
    #expect(try scene.outsideUntouched())
    // The link the swap put there was replaced by the saved list itself.
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: scene.items.path)) == nil)
    #expect(try ItemsFile(url: scene.items).load().map(\.name) == ["Tea"])
  }

  @Test(
    "the folder renamed and its path made a link elsewhere after the check: saved in the folder")
  func folderSwappedForALink() throws {
    let scene = try Scene()
    defer { try? FileManager.default.removeItem(at: scene.parent) }
    let moved = scene.parent.appendingPathComponent("moved")
    let elsewhere = scene.parent.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    let folder = try OpenedFolder(scene.data, creating: false) { _ in
      try? FileManager.default.moveItem(at: scene.data, to: moved)
      try? FileManager.default.createSymbolicLink(at: scene.data, withDestinationURL: elsewhere)
    }
    let file = ItemsFile(folder: folder)
    _ = try file.load()
    try file.save([Item(id: UUID(counting: 1), name: "Tea")])
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == [])
    let saved = ItemsFile(url: moved.appendingPathComponent("items.json"))
    #expect(try saved.load().map(\.name) == ["Tea"])
    #expect(try scene.outsideUntouched())
  }
}
