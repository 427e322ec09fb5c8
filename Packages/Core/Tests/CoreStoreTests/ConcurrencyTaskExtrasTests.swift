import CoreStore
import Testing

/// A key whose `Value` is a closure, inferred from `liveValue` alone, as swift-dependencies
/// allows (TCA's "Effects: long-living" declares its `screenshots` key so).
private enum AnswerKey: DependencyKey {
  static let liveValue: @Sendable () -> Int = { 42 }
  static let testValue: @Sendable () -> Int = { 7 }
}

@Suite("swift-concurrency-extras' task helpers, streams and AnyHashableSendable")
struct ConcurrencyTaskExtrasTests {
  @Test("Task.never() waits until its task is cancelled, then throws CancellationError")
  func never() async {
    let task = Task<Int, any Error> { try await Task<Int, Never>.never() }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    let void = Task<Void, any Error> { try await Task<Never, Never>.never() }
    void.cancel()
    await #expect(throws: CancellationError.self) { try await void.value }
  }

  @Test("cancellableValue cancels the task it waits for when its own task is cancelled")
  func cancellableValue() async throws {
    let inner = Task<Bool, Never> {
      _ = try? await Task<Int, Never>.never()
      return Task.isCancelled
    }
    let outer = Task<Bool, Never> { await inner.cancellableValue }
    outer.cancel()
    #expect(await outer.value)
    let throwing = Task<Int, any Error> { 3 }
    #expect(try await throwing.cancellableValue == 3)
  }

  @Test("an AsyncSequence erased to a stream gives its elements, then ends")
  func erasedStreams() async throws {
    let numbers = AsyncStream<Int> { continuation in
      for number in 1...3 { continuation.yield(number) }
      continuation.finish()
    }
    var doubled: [Int] = []
    for await number in numbers.map({ $0 * 2 }).eraseToStream() { doubled.append(number) }
    #expect(doubled == [2, 4, 6])

    struct Failure: Error {}
    let failing = AsyncThrowingStream<Int, any Error> { continuation in
      continuation.yield(1)
      continuation.finish(throwing: Failure())
    }
    var received: [Int] = []
    await #expect(throws: Failure.self) {
      for try await number in failing.eraseToThrowingStream() { received.append(number) }
    }
    #expect(received == [1])
    var fromInit: [Int] = []
    for await number in AsyncStream(AsyncStream<Int>.finished) { fromInit.append(number) }
    #expect(fromInit.isEmpty)
  }

  @Test("AnyHashableSendable compares and hashes by its value, and is never wrapped twice")
  func anyHashableSendable() {
    let one = AnyHashableSendable(1)
    #expect(one == AnyHashableSendable(1))
    #expect(one != AnyHashableSendable("1"))
    #expect(AnyHashableSendable(one).base as? Int == 1)
    #expect(Set<AnyHashableSendable>([1, 1, "a", true]).count == 3)
    #expect(one.description == "1")
    #expect(AnyHashableSendable("a").debugDescription == "AnyHashableSendable(\"a\")")
  }

  @Test("a DependencyKey's Value is inferred from its liveValue alone")
  func keyValueInferred() {
    let live = withDependencies {
      $0.context = .live
    } operation: {
      DependencyValues.current[AnswerKey.self]()
    }
    #expect(live == 42)
    #expect(DependencyValues.current[AnswerKey.self]() == 7)
  }
}
