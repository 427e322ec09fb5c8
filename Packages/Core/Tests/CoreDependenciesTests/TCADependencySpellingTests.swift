import CoreDependencies
import Foundation
import Testing

/// The dependency spellings a swift-dependencies user types: `UUID(0)`, `date()` and a
/// settable `date.now`, `@Dependency(Key.self)`, `prepareDependencies`.
@Suite("swift-dependencies spellings")
struct TCADependencySpellingTests {
  @Test("UUID(n) is the n-th UUID of an incrementing generator")
  func uuidFromInt() {
    let generator = UUIDGenerator.incrementing
    #expect(generator() == UUID(0))
    #expect(generator() == UUID(1))
    #expect(UUID(0).uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(UUID(255).uuidString == "00000000-0000-0000-0000-0000000000FF")
  }

  @Test("date() and date.now; setting now fixes the date")
  func settableDate() {
    var values = DependencyValues(context: .test)
    values.date.now = Date(timeIntervalSince1970: 1_234_567_890)
    let (called, now) = DependencyValues.$current.withValue(values) {
      @Dependency(\.date) var date
      return (date(), date.now)
    }
    #expect(called == Date(timeIntervalSince1970: 1_234_567_890))
    #expect(now == called)
  }

  @Test("@Dependency(Key.self) reads a client that is its own key")
  func dependencyByKeyType() {
    var values = DependencyValues(context: .test)
    values[GreetingClient.self] = GreetingClient { "hi, \($0)" }
    let greeting = DependencyValues.$current.withValue(values) {
      @Dependency(GreetingClient.self) var greeting
      return greeting.greet("Ann")
    }
    #expect(greeting == "hi, Ann")
  }
}

/// `prepareDependencies` changes the root values for the whole process: the key it prepares
/// belongs to this suite alone, so no other test sees it.
@Suite("prepareDependencies")
struct PrepareDependenciesTests {
  @Test("prepared values reach the root and its copies, not values made on their own")
  func preparedReachRoot() {
    prepareDependencies { $0[PreparedOnlyKey.self] = 42 }
    #expect(DependencyValues.current[PreparedOnlyKey.self] == 42)
    let scoped = withDependencies { _ in
    } operation: {
      DependencyValues.current[PreparedOnlyKey.self]
    }
    #expect(scoped == 42)
    #expect(DependencyValues(context: .test)[PreparedOnlyKey.self] == 0)
    let overridden = withDependencies {
      $0[PreparedOnlyKey.self] = 7
    } operation: {
      DependencyValues.current[PreparedOnlyKey.self]
    }
    #expect(overridden == 7)
  }
}

/// A key only this suite prepares, so no other test sees the prepared value.
private enum PreparedOnlyKey: TestDependencyKey {
  static let testValue = 0
}
