import CoreDependencies
import Foundation
import Observation
import Testing

/// `@Shared` values: one value per key, changed under a lock, parts of it shared too.
@Suite("Shared")
struct SharedTests {
  private struct Settings: Equatable, Sendable {
    var name = ""
    var count = 0
  }

  @Test("two Shared of one in-memory key are one value; the first initial value wins")
  func sameKeySameValue() {
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.inMemory("count")) var first = 1
      @Shared(.inMemory("count")) var second = 99
      #expect(second == 1)
      $first.withLock { $0 += 1 }
      #expect(second == 2)
      @Shared(.inMemory("other")) var other = 0
      #expect(other == 0)
    }
  }

  @Test("each set of dependency values with a storage of its own keeps its own values")
  func storagesAreApart() {
    let one = withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      Shared(wrappedValue: 1, .inMemory("n"))
    }
    let two = withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      Shared(wrappedValue: 2, .inMemory("n"))
    }
    one.withLock { $0 = 10 }
    #expect(two.wrappedValue == 2)
  }

  @Test("a part of a shared value is shared: changing it changes the whole, and back")
  func derivedPart() {
    let settings = Shared(value: Settings())
    let name = settings.name
    name.withLock { $0 = "Ann" }
    #expect(settings.wrappedValue.name == "Ann")
    settings.withLock { $0.name = "Bo" }
    #expect(name.wrappedValue == "Bo")
    #expect(name == settings.name)
  }

  @Test("withLock returns what its body returns; copies of a Shared share its value")
  func withLockAndCopies() {
    let count = Shared(value: 0)
    let copy = count
    let doubled = count.withLock { value -> Int in
      value += 1
      return value * 2
    }
    #expect(doubled == 2)
    #expect(copy.wrappedValue == 1)
  }

  @Test("withLock's body may read the value it changes: it sees the value before the change")
  func readInsideWithLock() {
    let settings = Shared(value: Settings(name: "Ann", count: 1))
    let name = settings.name
    // As SyncUps' detail does: `$syncUps.withLock { $0.remove(id: state.syncUp.id) }`, where
    // the state's syncUp is part of the value being changed.
    settings.withLock { $0.count = name.wrappedValue.count + settings.wrappedValue.count }
    #expect(settings.wrappedValue.count == 4)
    name.withLock { $0 += settings.wrappedValue.name }
    #expect(settings.wrappedValue.name == "AnnAnn")
  }

  @Test("a name used for two types is reported, and the second gets a box of its own")
  func nameForTwoTypes() {
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.inMemory("mixed")) var number = 1
      withKnownIssue {
        @Shared(.inMemory("mixed")) var text = "a"
        #expect(text == "a")
      }
      #expect(number == 1)
    }
  }

  @Test("Shared values of different boxes compare their values; they read as their value")
  func equalityAndDescription() {
    #expect(Shared(value: 3) == Shared(value: 3))
    #expect(Shared(value: 3) != Shared(value: 4))
    #expect(String(describing: Shared(value: 3)) == "3")
    #expect(Mirror(reflecting: Shared(value: Settings(name: "Ann"))).children.count == 2)
  }
}

/// A `Shared` value is observable, as a store's state is: a render that read it hears of
/// every change, from any thread.
@Suite("Shared observation")
struct SharedObservationTests {
  private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    func raise() { lock.withLock { raised = true } }
    var isRaised: Bool { lock.withLock { raised } }
  }

  @Test("a change after a tracked read notifies, once it is made; one before does not")
  func changeNotifies() {
    let count = Shared(value: 0)
    let changed = Flag()
    let seen = withObservationTracking {
      count.wrappedValue
    } onChange: {
      changed.raise()
    }
    #expect(seen == 0)
    #expect(!changed.isRaised)
    count.withLock { $0 += 1 }
    #expect(changed.isRaised)
  }

  @Test("a change from another thread notifies; reading a part registers on the whole")
  func partAndOtherThread() async {
    struct Settings: Sendable {
      var name = ""
      var count = 0
    }
    let settings = Shared(value: Settings())
    let changed = Flag()
    _ = withObservationTracking {
      settings.count.wrappedValue
    } onChange: {
      changed.raise()
    }
    await Task.detached { settings.withLock { $0.name = "Ann" } }.value
    #expect(changed.isRaised)
  }
}
