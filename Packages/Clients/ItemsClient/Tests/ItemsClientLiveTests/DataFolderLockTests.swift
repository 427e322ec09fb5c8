import Foundation
import ItemsClient
import ItemsClientLive
import Testing

/// The lock file is never a way in: whatever stands at `.items.lock` that is not a plain file
/// of its own is refused with one line and left as it was, and nothing is written through it.
/// A folder removed while a demo runs is locked again before a save, or the save is refused.
@Suite("DataFolderLock")
struct DataFolderLockTests {
  private func folder() throws -> URL {
    try temporaryFolder("items-lock")
  }

  private func refusal(_ directory: URL) -> String? {
    if case .failure(let refusal) = DataFolderLock.acquire(directory) { return refusal.reason }
    return nil
  }

  @Test("a symbolic link to items.json is refused; items.json keeps every byte")
  func linkToItemsFile() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let items = directory.appendingPathComponent("items.json")
    let text = "{\"version\": 1, \"items\": []}"
    try Data(text.utf8).write(to: items)
    let lock = DataFolderLock.lockPath(in: directory)
    try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: items.path)
    let reason = try #require(refusal(directory))
    #expect(
      reason == "\(lock) is a symbolic link, not the demo's lock file; remove it (rm \(lock))")
    #expect(try String(contentsOf: items, encoding: .utf8) == text)
  }

  @Test(
    "a symbolic link out of the folder, even a dangling one, is refused; nothing is created or truncated"
  )
  func linkOutOfFolder() throws {
    let parent = try folder()
    defer { try? FileManager.default.removeItem(at: parent) }
    let directory = parent.appendingPathComponent("data")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let other = parent.appendingPathComponent("other.txt")
    try Data("keep me".utf8).write(to: other)
    let lock = DataFolderLock.lockPath(in: directory)
    try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: "../other.txt")
    #expect(refusal(directory)?.contains("is a symbolic link") == true)
    #expect(try String(contentsOf: other, encoding: .utf8) == "keep me")
    let dangling = parent.appendingPathComponent("data2")
    try FileManager.default.createDirectory(at: dangling, withIntermediateDirectories: true)
    let target = parent.appendingPathComponent("created-through-link")
    try FileManager.default.createSymbolicLink(
      atPath: DataFolderLock.lockPath(in: dangling), withDestinationPath: target.path)
    #expect(refusal(dangling)?.contains("is a symbolic link") == true)
    #expect(!FileManager.default.fileExists(atPath: target.path))
  }

  @Test("a FIFO, a folder and a hard link at the lock's place are refused at once")
  func notAPlainFile() throws {
    let fifoFolder = try folder()
    defer { try? FileManager.default.removeItem(at: fifoFolder) }
    #expect(mkfifo(DataFolderLock.lockPath(in: fifoFolder), 0o644) == 0)
    #expect(refusal(fifoFolder)?.contains("is not a plain file (a FIFO or a device)") == true)

    let dirFolder = try folder()
    defer { try? FileManager.default.removeItem(at: dirFolder) }
    try FileManager.default.createDirectory(
      atPath: DataFolderLock.lockPath(in: dirFolder), withIntermediateDirectories: false)
    #expect(refusal(dirFolder)?.contains("is a folder, not the demo's lock file") == true)

    let linkFolder = try folder()
    defer { try? FileManager.default.removeItem(at: linkFolder) }
    let items = linkFolder.appendingPathComponent("items.json")
    try Data("{}".utf8).write(to: items)
    #expect(link(items.path, DataFolderLock.lockPath(in: linkFolder)) == 0)
    #expect(refusal(linkFolder)?.contains("has other names (2 hard links)") == true)
    #expect(try String(contentsOf: items, encoding: .utf8) == "{}")
  }

  @Test("a lock another process holds is refused with its pid")
  func heldElsewhere() async throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let lockPath = DataFolderLock.lockPath(in: directory)
    let holder = try LockHolder(lockPath)
    defer { holder.stop() }
    #expect(refusal(directory) == "another demo (pid \(holder.pid)) is using \(directory.path)")
  }

  @Test("a folder deleted while locked is locked again before a save; the save goes through")
  func folderDeletedThenRelocked() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let lock = try DataFolderLock.acquire(directory).get()
    let file = ItemsFile(directory: directory, lock: lock)
    _ = try file.load()
    try file.save([Item(id: UUID(counting: 1), name: "Tea")])
    try FileManager.default.removeItem(at: directory)
    try file.save([
      Item(id: UUID(counting: 1), name: "Tea"), Item(id: UUID(counting: 2), name: "Milk"),
    ])
    #expect(FileManager.default.fileExists(atPath: DataFolderLock.lockPath(in: directory)))
    #expect(try ItemsFile(directory: directory).load().map(\.name) == ["Tea", "Milk"])
    #expect(lock.confirm() == nil)
  }

  @Test("a folder deleted and then locked by another process: the save is refused, its items stay")
  func folderDeletedAndTakenOver() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let lock = try DataFolderLock.acquire(directory).get()
    let file = ItemsFile(directory: directory, lock: lock)
    _ = try file.load()
    try FileManager.default.removeItem(at: directory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let theirs = "{\"version\": 1, \"items\": []}"
    try Data(theirs.utf8).write(to: file.url)
    let holder = try LockHolder(DataFolderLock.lockPath(in: directory))
    defer { holder.stop() }
    #expect {
      try file.save([Item(id: UUID(counting: 1), name: "Tea")])
    } throws: { error in
      let message = (error as? ItemsFileError)?.errorDescription ?? ""
      return message.contains("was removed or replaced while this demo ran")
        && message.contains("another demo (pid \(holder.pid))")
    }
    #expect(try String(contentsOf: file.url, encoding: .utf8) == theirs)
    #expect(file.unsavedReason != nil)
  }

  @Test("a file of the folder that is a symbolic link is neither read nor written through")
  func linkedFileNeverFollowed() throws {
    let directory = try folder()
    let elsewhere = try folder()
    defer {
      try? FileManager.default.removeItem(at: directory)
      try? FileManager.default.removeItem(at: elsewhere)
    }
    let lock = try DataFolderLock.acquire(directory).get()
    let outside = elsewhere.appendingPathComponent("items.json")
    let text = "{\"version\": 1, \"items\": []}"
    try Data(text.utf8).write(to: outside)
    let items = directory.appendingPathComponent("items.json")
    for target in [outside.path, ".items.lock", "items.json"] {
      try? FileManager.default.removeItem(at: items)
      try FileManager.default.createSymbolicLink(atPath: items.path, withDestinationPath: target)
      let file = ItemsFile(directory: directory, lock: lock)
      #expect(loadError(file).contains("it is a symbolic link, and the demo follows no link"))
      #expect(throws: ItemsFileError.self) {
        try file.save([Item(id: UUID(counting: 1), name: "Tea")])
      }
      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: items.path) == target)
    }
    #expect(try String(contentsOf: outside, encoding: .utf8) == text)
    #expect(lock.confirm() == nil)
  }

  /// What loading `file` says; empty when it loads.
  private func loadError(_ file: ItemsFile) -> String {
    do {
      _ = try file.load()
      return ""
    } catch {
      return error.errorDescription ?? ""
    }
  }

  @Test("a folder deleted while the demo runs, a link put at its path: nothing written through")
  func deletedFolderReplacedByALink() throws {
    let parent = try folder()
    defer { try? FileManager.default.removeItem(at: parent) }
    let directory = parent.appendingPathComponent("data")
    let elsewhere = parent.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    let lock = try DataFolderLock.acquire(directory).get()
    let file = ItemsFile(directory: directory, lock: lock)
    #expect(try file.load().isEmpty)
    try FileManager.default.removeItem(at: directory)
    try FileManager.default.createSymbolicLink(at: directory, withDestinationURL: elsewhere)
    #expect(throws: ItemsFileError.self) {
      try file.save([Item(id: UUID(counting: 1), name: "Tea")])
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == [])
  }

  @Test("a folder renamed while the demo runs, its path now a link elsewhere: saves stay in it")
  func folderSwappedForALink() throws {
    let parent = try folder()
    defer { try? FileManager.default.removeItem(at: parent) }
    let directory = parent.appendingPathComponent("data")
    let moved = parent.appendingPathComponent("moved")
    let elsewhere = parent.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    let lock = try DataFolderLock.acquire(directory).get()
    let file = ItemsFile(directory: directory, lock: lock)
    #expect(try file.load().isEmpty)
    try FileManager.default.moveItem(at: directory, to: moved)
    try FileManager.default.createSymbolicLink(at: directory, withDestinationURL: elsewhere)
    try file.save([Item(id: UUID(counting: 1), name: "Tea")])
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == [])
    let saved = ItemsFile(url: moved.appendingPathComponent("items.json"))
    #expect(try saved.load().map(\.name) == ["Tea"])
  }
}

/// Another process holding a folder's lock: `flock` from util-linux, as a second demo would.
final class LockHolder: Sendable {
  private let process: Process
  let pid: Int32

  init(_ lockPath: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    // Locks the file on a descriptor its `sleep` inherits, writes its pid into it as a demo
    // does, and holds the lock until stopped (the shell's pid is sleep's: exec).
    process.arguments = [
      "-c", "exec 9>>\"$0\"; flock --exclusive 9; echo $$ > \"$0\"; exec sleep 60", lockPath,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    self.process = process
    self.pid = process.processIdentifier
    // The holder has the lock once its pid is in the file.
    for _ in 0..<2_000 {
      let text = (try? String(contentsOfFile: lockPath, encoding: .utf8)) ?? ""
      if text.trimmingCharacters(in: .whitespacesAndNewlines) == "\(pid)" { return }
      usleep(5_000)
    }
    process.terminate()
    throw CocoaError(.fileLocking)
  }

  func stop() {
    process.terminate()
    process.waitUntilExit()
  }
}
