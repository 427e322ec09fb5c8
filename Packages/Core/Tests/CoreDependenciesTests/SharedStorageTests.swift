import CoreDependencies
import Foundation
import Testing

/// `.fileStorage` and `.appStorage`: memory in tests unless asked, and on disk atomic,
/// debounced, locked and never written over another program's change.
@Suite("Shared storage")
struct SharedStorageTests {
  private struct Profile: Codable, Equatable, Sendable {
    var name = ""
    var visits = 0
  }

  /// A folder of its own under the system's temporary folder, removed after `body`.
  private func inTemporaryFolder(
    isolation: isolated (any Actor)? = #isolation, _ body: (URL) async throws -> Void
  ) async rethrows {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shared-storage-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try await body(folder)
  }

  /// What another program would see: a storage of its own on the same disk.
  private func otherProgram<Result>(_ body: () throws -> Result) rethrows -> Result {
    try withDependencies {
      $0.defaultFileStorage = .fileSystem(saveDelay: .zero)
    } operation: {
      try body()
    }
  }

  private func text(_ url: URL) -> String? {
    (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
  }

  @Test("in a test, file and settings storage are memory: one value per file, no file written")
  func memoryInTests() async {
    await inTemporaryFolder { folder in
      let url = folder.appendingPathComponent("profile.json")
      let testStorage = DependencyValues(context: .test).defaultFileStorage
      withDependencies {
        $0.defaultFileStorage = testStorage
      } operation: {
        @Shared(.fileStorage(url)) var profile = Profile()
        @Shared(.fileStorage(url)) var same = Profile(name: "ignored")
        $profile.withLock { $0.name = "Ann" }
        #expect(same.name == "Ann")
        @Shared(.appStorage("theme")) var theme = "light"
        $theme.withLock { $0 = "dark" }
        @Shared(.appStorage("theme")) var sameTheme = "light"
        #expect(sameTheme == "dark")
      }
      #expect(!FileManager.default.fileExists(atPath: url.path))
      let other = withDependencies {
        $0.defaultFileStorage = .inMemory
      } operation: {
        Shared(wrappedValue: Profile(), .fileStorage(url))
      }
      #expect(other.wrappedValue == Profile())
      let preview = DependencyValues(context: .preview).defaultFileStorage
      withDependencies {
        $0.defaultFileStorage = preview
      } operation: {
        @Shared(.fileStorage(url)) var profile = Profile()
        $profile.withLock { $0.visits = 1 }
      }
      #expect(!FileManager.default.fileExists(atPath: url.path))
    }
  }

  @Test("on disk, a change is written as JSON and read back by another program")
  func writtenAndReadBack() async throws {
    try await inTemporaryFolder { folder in
      let url = folder.appendingPathComponent("profile.json")
      let profile = otherProgram { Shared(wrappedValue: Profile(), .fileStorage(url)) }
      #expect(!FileManager.default.fileExists(atPath: url.path))
      profile.withLock { $0.visits = 3 }
      let read = otherProgram { Shared(wrappedValue: Profile(), .fileStorage(url)) }
      #expect(read.wrappedValue == Profile(visits: 3))
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      #expect(leftovers.sorted() == [".profile.json.lock", "profile.json"])
    }
  }

  @Test("quick changes are saved once, after the quiet moment; save() writes at once")
  @MainActor
  func debounced() async {
    // On the main serial executor the save's task starts sleeping before the clock moves,
    // whatever else the process runs.
    await withMainSerialExecutor { await debouncedOnSerialExecutor() }
  }

  @MainActor
  private func debouncedOnSerialExecutor() async {
    await inTemporaryFolder { folder in
      let url = folder.appendingPathComponent("count.json")
      let clock = TestClock()
      let storage = FileStorage.fileSystem(saveDelay: .seconds(1))
      let count = withDependencies {
        $0.defaultFileStorage = storage
        $0.continuousClock = clock
      } operation: {
        Shared(wrappedValue: 0, .fileStorage(url))
      }
      for _ in 1...3 { count.withLock { $0 += 1 } }
      await clock.advance(by: .milliseconds(999))
      #expect(text(url) == nil)
      await clock.advance(by: .milliseconds(1))
      await storage.waitForSaves()
      #expect(text(url) == "3")
      count.withLock { $0 = 7 }
      try? count.save()
      #expect(text(url) == "7")
      await clock.advance(by: .seconds(1))
      await storage.waitForSaves()
      #expect(text(url) == "7")
    }
  }

  @Test("a write the storage's folder refuses is not made; save() tries it again once allowed")
  func folderRefusesWrite() async throws {
    struct NotNow: Error, CustomStringConvertible {
      var description: String { "the folder is not ours now" }
    }
    try await inTemporaryFolder { folder in
      let url = folder.appendingPathComponent("count.json")
      let opened = try OpenedFolder(folder)
      // Whether writes are allowed, and what each ask was for (true: a write).
      final class Check: @unchecked Sendable {
        let lock = NSLock()
        var allowed = false
        var asked: [Bool] = []
      }
      let check = Check()
      let storage = FileStorage.fileSystem(saveDelay: .seconds(1)) { forWriting in
        try check.lock.withLock {
          check.asked.append(forWriting)
          guard !forWriting || check.allowed else { throw NotNow() }
          return opened
        }
      }
      let count = withDependencies {
        $0.defaultFileStorage = storage
        $0.continuousClock = TestClock()
      } operation: {
        Shared(wrappedValue: 0, .fileStorage(url))
      }
      count.withLock { $0 = 5 }
      let refusal = #expect(throws: SharedStorageError.self) { try storage.save() }
      #expect(refusal?.description.contains("the folder is not ours now") == true)
      #expect(text(url) == nil)
      #expect(check.lock.withLock { check.asked.contains(true) })
      check.lock.withLock { check.allowed = true }
      try storage.save()
      #expect(text(url) == "5")
    }
  }

  @Test("a storage in one folder neither reads nor writes a value whose file is elsewhere")
  func folderStorageStaysInItsFolder() async throws {
    try await inTemporaryFolder { folder in
      let opened = try OpenedFolder(folder.appendingPathComponent("data"))
      let outside = folder.appendingPathComponent("count.json")
      try Data("7".utf8).write(to: outside)
      let storage = FileStorage.fileSystem(saveDelay: .zero) { _ in opened }
      withKnownIssue {
        let count = withDependencies {
          $0.defaultFileStorage = storage
        } operation: {
          Shared(wrappedValue: 0, .fileStorage(outside))
        }
        #expect(count.wrappedValue == 0)
        count.withLock { $0 = 5 }
        #expect(throws: SharedStorageError.self) { try storage.save() }
      } matching: { issue in
        issue.description.contains("not in the folder \(opened.url.path)")
      }
      #expect(text(outside) == "7")
      #expect(opened.entries().isEmpty)
    }
  }

  /// A program whose saves wait for a clock nobody advances: its changes stay unsaved until
  /// it calls `save()`.
  private func programWithUnsavedChanges<Result>(_ body: () throws -> Result) rethrows -> Result {
    try withDependencies {
      $0.defaultFileStorage = .fileSystem(saveDelay: .seconds(1))
      $0.continuousClock = TestClock()
    } operation: {
      try body()
    }
  }

  @Test("an unsaved change is not written over another program's: refused, then loaded")
  func changedElsewhere() async throws {
    try await inTemporaryFolder { folder in
      let url = folder.appendingPathComponent("profile.json")
      let mine = programWithUnsavedChanges { Shared(wrappedValue: Profile(), .fileStorage(url)) }
      mine.withLock { $0.name = "Mine" }
      let theirs = otherProgram { Shared(wrappedValue: Profile(), .fileStorage(url)) }
      theirs.withLock { $0.name = "Theirs" }
      let refusal = #expect(throws: SharedStorageError.self) { try mine.save() }
      #expect(refusal?.description.hasPrefix("\(url.path) was changed by another program") == true)
      #expect(try JSONDecoder().decode(Profile.self, from: Data(contentsOf: url)).name == "Theirs")
      #expect(mine.wrappedValue.name == "Mine")
      try mine.load()
      #expect(mine.wrappedValue.name == "Theirs")
      mine.withLock { $0.visits = 1 }
      try mine.save()
      let read = otherProgram { Shared(wrappedValue: Profile(), .fileStorage(url)) }
      #expect(read.wrappedValue == Profile(name: "Theirs", visits: 1))
    }
  }

  @Test("a save refused in the background is reported as an issue")
  @MainActor
  func refusedInBackground() async {
    await inTemporaryFolder { folder in
      let url = folder.appendingPathComponent("n.json")
      let clock = TestClock()
      let storage = FileStorage.fileSystem(saveDelay: .seconds(1))
      let mine = withDependencies {
        $0.defaultFileStorage = storage
        $0.continuousClock = clock
      } operation: {
        Shared(wrappedValue: 0, .fileStorage(url))
      }
      await withMainSerialExecutor {
        await withKnownIssue {
          // The save's task reports within the context it was started in.
          mine.withLock { $0 = 1 }
          otherProgram { Shared(wrappedValue: 0, .fileStorage(url)) }.withLock { $0 = 2 }
          await clock.advance(by: .seconds(1))
          await storage.waitForSaves()
        } matching: {
          $0.description.contains("was changed by another program after this one read it")
        }
      }
      #expect(text(url) == "2")
    }
  }

  @Test("load picks up another program's change; with nothing new it changes nothing")
  func loadPicksUp() async throws {
    try await inTemporaryFolder { folder in
      let url = folder.appendingPathComponent("n.json")
      let mine = otherProgram { Shared(wrappedValue: 1, .fileStorage(url)) }
      try mine.load()
      #expect(mine.wrappedValue == 1)
      try Data("42".utf8).write(to: url)
      try mine.load()
      #expect(mine.wrappedValue == 42)
      mine.withLock { $0 += 1 }
      #expect(text(url) == "43")
    }
  }

  @Test("a change starts from another program's saved value when this one owes no save")
  func changeOnTopOfOtherProgram() async throws {
    try await inTemporaryFolder { folder in
      let url = folder.appendingPathComponent("names.json")
      let mine = otherProgram { Shared(wrappedValue: ["Ann"], .fileStorage(url)) }
      mine.withLock { $0.append("Bo") }
      let theirs = otherProgram { Shared(wrappedValue: [String](), .fileStorage(url)) }
      theirs.withLock { $0.append("Cy") }
      mine.withLock { $0.append("Di") }
      #expect(mine.wrappedValue == ["Ann", "Bo", "Cy", "Di"])
      let read = otherProgram { Shared(wrappedValue: [String](), .fileStorage(url)) }
      #expect(read.wrappedValue == ["Ann", "Bo", "Cy", "Di"])
      let saved = try JSONDecoder().decode([String].self, from: Data(contentsOf: url))
      #expect(saved.count == 4)
    }
  }

  @Test("a file that does not hold the value is reported, left byte for byte, never saved over")
  func unreadableFile() async throws {
    try await inTemporaryFolder { folder in
      let url = folder.appendingPathComponent("profile.json")
      try Data("{\"name\": 7}".utf8).write(to: url)
      var profile: Shared<Profile>?
      withKnownIssue {
        profile = otherProgram { Shared(wrappedValue: Profile(name: "new"), .fileStorage(url)) }
      } matching: {
        $0.description.contains("cannot be read as Profile (name is not a String)")
      }
      let shared = try #require(profile)
      #expect(shared.wrappedValue.name == "new")
      withKnownIssue {
        shared.withLock { $0.visits = 1 }
      }
      #expect(text(url) == "{\"name\": 7}")
      try Data("{\"name\": \"fixed\", \"visits\": 2}".utf8).write(to: url)
      try shared.load()
      #expect(shared.wrappedValue == Profile(name: "fixed", visits: 2))
    }
  }

  @Test("a failed write is reported and kept: the next save writes it")
  func failedWriteKept() async throws {
    try await inTemporaryFolder { folder in
      let blocker = folder.appendingPathComponent("blocker")
      try Data().write(to: blocker)
      let url = blocker.appendingPathComponent("n.json")
      let count = otherProgram { Shared(wrappedValue: 0, .fileStorage(url)) }
      withKnownIssue {
        count.withLock { $0 = 5 }
      } matching: {
        $0.description.contains("cannot save \(url.path) (")
      }
      try FileManager.default.removeItem(at: blocker)
      try count.save()
      #expect(text(url) == "5")
    }
  }

  @Test("settings: two programs changing different keys both keep their change")
  func settingsEntriesMerge() async {
    await inTemporaryFolder { folder in
      let settings = AppStorage(url: folder.appendingPathComponent("settings.json"))
      func program() -> (Shared<String>, Shared<Int>) {
        withDependencies {
          $0.defaultFileStorage = .fileSystem(saveDelay: .zero)
          $0.defaultAppStorage = settings
        } operation: {
          (
            Shared(wrappedValue: "light", .appStorage("theme")),
            Shared(wrappedValue: 10, .appStorage("size"))
          )
        }
      }
      let (firstTheme, _) = program()
      let (_, secondSize) = program()
      firstTheme.withLock { $0 = "dark" }
      secondSize.withLock { $0 = 12 }
      let (theme, size) = program()
      #expect(theme.wrappedValue == "dark")
      #expect(size.wrappedValue == 12)
      let (_, thirdSize) = program()
      secondSize.withLock { $0 = 14 }
      thirdSize.withLock { $0 += 1 }
      #expect(program().1.wrappedValue == 15)
      // The same entry changed by another program while this one owes a save: refused.
      let unsaved = withDependencies {
        $0.defaultAppStorage = settings
      } operation: {
        programWithUnsavedChanges { Shared(wrappedValue: "light", .appStorage("theme")) }
      }
      unsaved.withLock { $0 = "blue" }
      program().0.withLock { $0 = "green" }
      let refusal = #expect(throws: SharedStorageError.self) { try unsaved.save() }
      #expect(refusal?.description.hasPrefix("\"theme\" in \(settings.url.path) was") == true)
      #expect(program().0.wrappedValue == "green")
    }
  }

  @Test("a settings file that is not a JSON object is reported and left alone")
  func settingsNotAnObject() async throws {
    try await inTemporaryFolder { folder in
      let url = folder.appendingPathComponent("settings.json")
      try Data("[1, 2]".utf8).write(to: url)
      withKnownIssue {
        let theme = withDependencies {
          $0.defaultFileStorage = .fileSystem(saveDelay: .zero)
          $0.defaultAppStorage = AppStorage(url: url)
        } operation: {
          Shared(wrappedValue: "light", .appStorage("theme"))
        }
        #expect(theme.wrappedValue == "light")
        theme.withLock { $0 = "dark" }
      }
      #expect(text(url) == "[1, 2]")
    }
  }

  @Test("one file asked for as two types is reported; each keeps a value of its own")
  func fileForTwoTypes() {
    withDependencies {
      $0.defaultFileStorage = .inMemory
    } operation: {
      let url = URL(fileURLWithPath: "/nowhere/mixed.json")
      @Shared(.fileStorage(url)) var number = 1
      withKnownIssue {
        @Shared(.fileStorage(url)) var text = "a"
        #expect(text == "a")
      }
      #expect(number == 1)
    }
  }
}
