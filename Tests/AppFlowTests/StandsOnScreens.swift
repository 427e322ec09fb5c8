import CoreRouting
import Testing

/// The screens a test (or a whole suite) stands on because it drives them as text: it types
/// their commands, opens their links or reads their titles in the demo's output (`hoge`,
/// `entry/hoge/fuga`). Named by type, `@Test("…", .standsOn(Hoge.self, Fuga.self))`, so
/// `make remove-feature`, which follows types in code and never words in strings, takes the
/// test out with them. Before the test runs, each must still be in the App's screen list: for
/// a screen taken out by hand, the test's first failure says so, before whatever the test
/// then finds. It lives in this target (the App's tests); a feature package's tests name the
/// route they expect in code instead (`Entry.Route.hoge`).
struct StandsOnScreens: TestTrait, SuiteTrait, TestScoping {
  /// The screens' reducers, by name (`Hoge`).
  let screens: [String]

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let listed = Set(SourceTree.screens().map(\.reducer))
    for screen in screens where !listed.contains(screen) {
      Issue.record(
        Comment(
          rawValue: "\(test.name) stands on \(screen), which the App's screen list no longer "
            + "has; remove the test, or make it stand on screens the list has"))
    }
    try await function()
  }
}

extension Trait where Self == StandsOnScreens {
  /// The test drives these screens as text: see ``StandsOnScreens``.
  static func standsOn(_ screens: any Screen.Type...) -> Self {
    StandsOnScreens(screens: screens.map { String(describing: $0) })
  }
}
