import CoreDependencies
import Foundation
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

/// A key whose value is optional, with a non-nil default in every context.
enum OptionalNumberKey: DependencyKey {
  static let liveValue: Int? = 1
  static let previewValue: Int? = 2
  static let testValue: Int? = 3
}

extension DependencyValues {
  var optionalNumber: Int? {
    get { self[OptionalNumberKey.self] }
    set { self[OptionalNumberKey.self] = newValue }
  }
}

/// A key with live and preview values but no test value.
struct PreviewedClient: DependencyKey, Sendable {
  var name: String
  static let liveValue = PreviewedClient(name: "live")
  static let previewValue = PreviewedClient(name: "preview")
}

/// A key whose default takes a while to build, and counts how often it is built.
struct SlowClient: DependencyKey, Sendable {
  static let creations = Mutex(0)
  var id: Int
  static var liveValue: SlowClient {
    let id = creations.withLock { count in
      count += 1
      return count
    }
    // Long enough that readers starting together all ask before the first one is done.
    Thread.sleep(forTimeInterval: 0.05)
    return SlowClient(id: id)
  }
  static var testValue: SlowClient { liveValue }
}

/// A counter from zero per cache: shows which cache a value came from.
final class CounterClient: DependencyKey, Sendable {
  private let count = Mutex(0)
  static var liveValue: CounterClient { CounterClient() }
  static var testValue: CounterClient { CounterClient() }

  func next() -> Int {
    count.withLock { value in
      defer { value += 1 }
      return value
    }
  }
}

extension DependencyValues {
  var counter: CounterClient {
    get { self[CounterClient.self] }
    set { self[CounterClient.self] = newValue }
  }
}
