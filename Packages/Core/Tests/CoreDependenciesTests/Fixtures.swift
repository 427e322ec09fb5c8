import CoreDependencies
import Synchronization

/// A client declared the way a feature declares one: test side only.
struct GreetingClient: Sendable {
  var greet: @Sendable (String) -> String
}

extension GreetingClient: TestDependencyKey {
  static let testValue = GreetingClient { "test hello, \($0)" }
  static let previewValue = GreetingClient { "preview hello, \($0)" }
}

/// The live side, added elsewhere, as the App adds it (see LiveConformance.swift).
extension DependencyValues {
  var greeting: GreetingClient {
    get { self[GreetingClient.self] }
    set { self[GreetingClient.self] = newValue }
  }
}

/// A key with no live conformance anywhere.
struct OrphanClient: TestDependencyKey, Sendable {
  var value: Int
  static let testValue = OrphanClient(value: -1)
}

/// A key that counts how often its default value is created.
struct CountedClient: DependencyKey, Sendable {
  static let creations = Mutex(0)
  var id: Int
  static var liveValue: CountedClient {
    CountedClient(
      id: creations.withLock { count in
        count += 1
        return count
      })
  }
  static var testValue: CountedClient { liveValue }
}

/// A live-only key that forgot its test value.
struct LiveOnlyClient: DependencyKey, Sendable {
  var name = "live"
  static let liveValue = LiveOnlyClient()
}

/// Collects reported issues, from any thread.
final class IssueLog: Sendable {
  private let messages = Mutex<[String]>([])

  var reporter: IssueReporter {
    IssueReporter { message, _ in self.messages.withLock { $0.append(message) } }
  }

  var all: [String] { messages.withLock { $0 } }
}
