import CoreDependencies
import CoreTesting
import Foundation
import Testing

/// What dependency values do when nobody said what they should be.
@Suite("Dependency defaults")
struct DependencyDefaultsTests {
  @Test("an optional-valued key reads its default, not nil, and keeps an override to nil")
  func optionalValuedKey() {
    #expect(DependencyValues(context: .live).optionalNumber == 1)
    #expect(DependencyValues(context: .preview).optionalNumber == 2)
    var values = DependencyValues(context: .test)
    #expect(values.optionalNumber == 3)
    values.optionalNumber = nil
    #expect(values.optionalNumber == nil)
    values.optionalNumber = 7
    #expect(values.optionalNumber == 7)
  }

  @Test("a default read by many tasks at once is built exactly once")
  func defaultBuiltOnceUnderConcurrency() async {
    let values = DependencyValues(context: .live)
    let before = SlowClient.creations.withLock { $0 }
    let ids = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<8 {
        group.addTask { values[SlowClient.self].id }
      }
      var ids: Set<Int> = []
      for await id in group { ids.insert(id) }
      return ids
    }
    #expect(ids.count == 1)
    #expect(SlowClient.creations.withLock { $0 } == before + 1)
  }

  @Test("a process that runs tests defaults to the test context, detached tasks included")
  func testProcessDefaultsToTestContext() async {
    #expect(DependencyContext.processDefault == .test)
    // swift-dependencies' `isTesting`, which an app's entry point reads (TCA's SyncUps).
    #expect(isTesting)
    #expect(DependencyValues().context == .test)
    let detached = await Task.detached { DependencyValues.current.context }.value
    #expect(detached == .test)
  }

  @Test("an unimplemented value read outside any scope fails the running test")
  func rootValuesReportToTheTest() {
    withKnownIssue {
      @Dependency(\.uuid) var uuid
      _ = uuid()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("uuid() was called") }
    }
  }

  @Test("a live key with no test value reports it and falls back to its preview value")
  func missingTestValueFallsBackToPreview() {
    withKnownIssue {
      let client = DependencyValues(context: .test)[PreviewedClient.self]
      #expect(client.name == "preview")
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("PreviewedClient has no test value") }
    }
  }

  @Test("a fresh cache builds defaults anew and keeps the overrides")
  func freshCache() {
    var values = DependencyValues(context: .live)
    values.greeting = GreetingClient { "kept \($0)" }
    let first = values[CountedClient.self].id
    let fresh = values.withFreshCache()
    #expect(fresh[CountedClient.self].id != first)
    #expect(values[CountedClient.self].id == first)
    #expect(fresh.greeting.greet("x") == "kept x")
    #expect(fresh.context == .live)
  }

  @Test("counting UUIDs are distinct and ordered across the whole UInt64 range")
  func countingUUIDs() {
    #expect(UUID(counting: 3).uuidString == "00000000-0000-0000-0000-000000000003")
    #expect(UUID(counting: 1 << 48).uuidString == "00000000-0000-0000-0001-000000000000")
    #expect(UUID(counting: .max).uuidString == "00000000-0000-0000-FFFF-FFFFFFFFFFFF")
    #expect(UUID(counting: 1 << 48) != UUID(counting: 0))
    let samples: [UInt64] = [0, 1, 0xFFFF_FFFF_FFFF, 1 << 48, (1 << 48) + 1, .max]
    let strings = samples.map { UUID(counting: $0).uuidString }
    #expect(strings == strings.sorted())
    #expect(Set(strings).count == samples.count)
  }
}

/// The root values of a test process keep a cache per test: each of these tests draws the
/// first ids of its own, whichever runs first.
@Suite("Root values per test")
struct RootValuesPerTestTests {
  @Test("one test counts its UUIDs from zero")
  func first() {
    drawFromRoot()
  }

  @Test("another test counts its UUIDs from zero too")
  func second() {
    drawFromRoot()
  }

  private func drawFromRoot() {
    let generator = DependencyValues.current.counter
    #expect(generator.next() == 0)
    #expect(generator.next() == 1)
  }
}
