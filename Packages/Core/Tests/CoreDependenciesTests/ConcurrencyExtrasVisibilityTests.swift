import CoreDependencies
import Testing

/// A client interface written as TCA apps write theirs, importing only the dependencies
/// library: swift-dependencies re-exports swift-concurrency-extras, so its helpers are here
/// without `CoreStore`. SyncUps' `SpeechClient` and VoiceMemos' `AudioRecorderClient` keep
/// their state in a `LockIsolated` so.
private struct RecorderClient: Sendable {
  var start: @Sendable () async -> Void
  var stop: @Sendable () async -> Int
}

extension RecorderClient {
  /// A recorder whose state lives behind a lock, shared by its closures.
  static func counting() -> Self {
    let count = LockIsolated(0)
    return Self(
      start: { count.withValue { $0 += 1 } },
      stop: { count.value })
  }
}

@Suite("swift-concurrency-extras' helpers through CoreDependencies alone")
struct ConcurrencyExtrasVisibilityTests {
  @Test("LockIsolated, ActorIsolated and UncheckedSendable hold state as the library's do")
  func isolatedValues() async {
    let recorder = RecorderClient.counting()
    await recorder.start()
    await recorder.start()
    #expect(await recorder.stop() == 2)

    let actor = ActorIsolated([Int]())
    await actor.withValue { $0.append(1) }
    #expect(await actor.value == [1])

    let unchecked = UncheckedSendable(NonSendableBox(value: 3))
    #expect(unchecked.value.value == 3)
    #expect(AnyHashableSendable(1) == AnyHashableSendable(1))
    #expect(AnyHashableSendable(1) != AnyHashableSendable("1"))
  }

  @Test("Task.megaYield, eraseToStream, AsyncStream.finished and Result's async init")
  func streamsAndTasks() async throws {
    await Task.megaYield()
    let stream = AsyncStream<Int> { continuation in
      continuation.yield(1)
      continuation.yield(2)
      continuation.finish()
    }.eraseToStream()
    var seen: [Int] = []
    for await value in stream { seen.append(value) }
    #expect(seen == [1, 2])
    for await _ in AsyncStream<Int>.finished { Issue.record("a finished stream yields nothing") }
    let success = await Result { try await Self.answer(failing: false) }
    #expect(try success.get() == 42)
    let failure = await Result { try await Self.answer(failing: true) }
    #expect(throws: AnswerFailure.self) { try failure.get() }
  }
}

/// The error ``ConcurrencyExtrasVisibilityTests/answer(failing:)`` throws.
private struct AnswerFailure: Error {}

extension ConcurrencyExtrasVisibilityTests {
  /// 42 after a suspension, or a failure.
  fileprivate static func answer(failing: Bool) async throws -> Int {
    await Task.yield()
    if failing { throw AnswerFailure() }
    return 42
  }
}

/// A class that is not `Sendable`, for `UncheckedSendable` to carry.
private final class NonSendableBox {
  let value: Int
  init(value: Int) { self.value = value }
}
