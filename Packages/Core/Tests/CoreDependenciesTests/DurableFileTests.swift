import CoreDependencies
import Foundation
import Testing

/// `DurableFile.replace`'s failures, as a person reads them: one sentence naming what failed
/// and why, never an error object's dump (`Error Domain=… Code=… UserInfo={…}`).
@Suite("DurableFile")
struct DurableFileTests {
  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("durable-file-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("a file where its folder should be: one sentence naming the folder")
  func folderIsAFile() throws {
    let root = try folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let blocker = root.appendingPathComponent("data")
    try Data("x".utf8).write(to: blocker)
    #expect {
      _ = try DurableFile.replace(blocker.appendingPathComponent("items.json"), with: Data())
    } throws: { error in
      let said = "\(error)"
      return error is DurableFileError && said.hasPrefix("cannot create the folder \(blocker.path)")
        && !said.contains("Error Domain") && !said.contains("\n")
    }
  }

  @Test("a folder where the file should be: the rename's reason, and no temporary left")
  func targetIsAFolder() throws {
    let root = try folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let target = root.appendingPathComponent("items.json")
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
    #expect {
      _ = try DurableFile.replace(target, with: Data("[]".utf8))
    } throws: { error in
      (error as? DurableFileError)?.description.hasPrefix("cannot replace items.json: ") == true
        && error.localizedDescription == "\(error)"
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["items.json"])
  }
}
