import Testing

/// `.standsOn(…)`: a test that stands on a screen the list no longer has fails with that
/// reason; one whose screens are all listed runs as it is.
@Suite("The standsOn trait")
struct StandsOnScreensTests {
  @Test("a screen the list no longer has fails the test, naming it; the test still runs")
  func unlistedScreen() async throws {
    let test = try #require(Test.current)
    let ran = Flag()
    try await withKnownIssue {
      try await StandsOnScreens(screens: ["NoSuchScreen"]).provideScope(
        for: test, testCase: nil
      ) { await ran.set() }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("stands on NoSuchScreen") }
    }
    #expect(await ran.value)
  }

  @Test("screens the list has: no issue")
  func listedScreens() async throws {
    let test = try #require(Test.current)
    let listed = SourceTree.screens().map(\.reducer)
    #expect(!listed.isEmpty)
    let ran = Flag()
    try await StandsOnScreens(screens: listed).provideScope(for: test, testCase: nil) {
      await ran.set()
    }
    #expect(await ran.value)
  }
}

/// Whether the body ran.
private actor Flag {
  var value = false
  func set() { value = true }
}
