import CoreDependencies
import CoreTesting
import Foundation
import Testing

@Suite("Built-in dependencies")
struct BuiltInDependencyTests {
  private struct Client: Sendable {
    var load: @Sendable (Int) async throws -> String
    var count: @Sendable () -> Int
    var log: @Sendable (String) async -> Void
  }

  @Test("unimplemented closures report the call and throw or return the placeholder")
  func unimplementedReports() async {
    let log = IssueLog()
    let client = Client(
      load: unimplemented("Client.load"),
      count: unimplemented("Client.count", placeholder: 0),
      log: unimplemented("Client.log", placeholder: ()))
    await withDependencies {
      $0.issueReporter = log.reporter
    } operation: {
      await #expect(throws: UnimplementedError(name: "Client.load")) {
        try await client.load(1)
      }
      #expect(client.count() == 0)
      await client.log("x")
    }
    #expect(log.all.count == 3)
    #expect(log.all[0].contains("Unimplemented: Client.load was called"))
    #expect(UnimplementedError(name: "n").description == "Unimplemented: n")
  }

  @Test("an unimplemented call fails a test through the Swift Testing reporter")
  func unimplementedFailsTests() {
    let count: @Sendable () -> Int = unimplemented("Client.count", placeholder: 7)
    withKnownIssue {
      withSwiftTestingIssues {
        #expect(count() == 7)
      }
    }
  }

  @Test("incrementing UUIDs count from zero per generator")
  func incrementingUUIDs() {
    let generator = UUIDGenerator.incrementing
    #expect(generator() == UUID(counting: 0))
    #expect(generator().uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(UUID(counting: 255).uuidString.hasSuffix("0000000000FF"))
    #expect(UUIDGenerator.incrementing() == UUID(counting: 0))
  }

  @Test("test values of date and uuid report their use, live values do not")
  func testValuesReport() {
    let log = IssueLog()
    var values = DependencyValues(context: .test)
    values.issueReporter = log.reporter
    DependencyValues.$current.withValue(values) {
      @Dependency(\.date) var date
      @Dependency(\.uuid) var uuid
      #expect(date.now == Date(timeIntervalSinceReferenceDate: 0))
      #expect(uuid() == UUID(counting: 0))
    }
    #expect(log.all.count == 2)
    let live = DependencyValues(context: .live)
    #expect(abs(live.date.now.timeIntervalSinceNow) < 60)
    #expect(live.uuid() != live.uuid())
    #expect(DateGenerator.constant(Date(timeIntervalSince1970: 5)).now.timeIntervalSince1970 == 5)
  }

  @Test("a TestClock wakes sleepers only when advanced past their deadline")
  func testClockAdvances() async throws {
    let clock = TestClock()
    let woke = Task {
      try await clock.sleep(for: .seconds(2))
      return clock.now.offset
    }
    // Wait for the task to start sleeping (bounded), so the test does not race it.
    for _ in 0..<1000 where clock.sleeperCount == 0 {
      try await Task.sleep(for: .milliseconds(1))
    }
    await clock.advance(by: .seconds(1))
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    #expect(try await woke.value == .seconds(2))
    #expect(clock.sleeperCount == 0)
  }

  @Test("a cancelled sleeper on a TestClock throws CancellationError")
  func testClockCancellation() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.advance()
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test("an ImmediateClock returns at once; the unimplemented clock reports")
  func immediateAndUnimplementedClocks() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(3600))
    #expect(clock.now.duration(to: clock.now.advanced(by: .seconds(1))) == .seconds(1))
    let log = IssueLog()
    var values = DependencyValues(context: .test)
    values.issueReporter = log.reporter
    try await DependencyValues.$current.withValue(values) {
      @Dependency(\.continuousClock) var testClock
      try await testClock.sleep(for: .seconds(1))
    }
    #expect(log.all.first?.contains("continuousClock") == true)
    try await DependencyValues.$current.withValue(values) {
      @Dependency(\.suspendingClock) var suspending
      try await suspending.sleep(for: .seconds(1))
    }
    #expect(log.all.last?.contains("suspendingClock") == true)
    #expect(DependencyValues(context: .live).suspendingClock is SuspendingClock)
  }

  @Test("calendar, locale and time zone: current live; reported when a test reads them unset")
  func foundationValues() {
    let log = IssueLog()
    var values = DependencyValues(context: .test)
    values.issueReporter = log.reporter
    DependencyValues.$current.withValue(values) {
      @Dependency(\.calendar) var calendar
      @Dependency(\.locale) var locale
      @Dependency(\.timeZone) var timeZone
      #expect(calendar == .autoupdatingCurrent)
      #expect(locale == .autoupdatingCurrent)
      #expect(timeZone == .autoupdatingCurrent)
    }
    #expect(log.all.count == 3)
    #expect(log.all.allSatisfy { $0.contains("has no test value") })
    let set = withDependencies {
      $0.issueReporter = log.reporter
      $0.timeZone = TimeZone(identifier: "Asia/Tokyo")!
      $0.calendar = Calendar(identifier: .japanese)
      $0.locale = Locale(identifier: "ja_JP")
    } operation: {
      @Dependency(\.calendar) var calendar
      @Dependency(\.locale) var locale
      @Dependency(\.timeZone) var timeZone
      return (calendar.identifier, locale.identifier, timeZone.identifier)
    }
    #expect(set == (.japanese, "ja_JP", "Asia/Tokyo"))
    #expect(log.all.count == 3)
  }
}
