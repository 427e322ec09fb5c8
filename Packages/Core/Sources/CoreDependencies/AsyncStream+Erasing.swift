import Synchronization

extension AsyncStream {
  /// A stream of `sequence`'s elements, ending where it ends (an error ends it too): a client's
  /// `AsyncSequence` behind the one stream type an effect iterates. swift-concurrency-extras'
  /// spelling, which TCA re-exports.
  public init<S: AsyncSequence & Sendable>(_ sequence: S) where S.Element == Element {
    let iterator = SharedIterator(sequence)
    self.init { try? await iterator.next() }
  }
}

extension AsyncThrowingStream where Failure == any Error {
  /// A stream of `sequence`'s elements and its error, ending where it ends.
  public init<S: AsyncSequence & Sendable>(_ sequence: S) where S.Element == Element {
    let iterator = SharedIterator(sequence)
    self.init { try await iterator.next() }
  }
}

extension AsyncSequence where Self: Sendable {
  /// This sequence as an `AsyncStream` (`AsyncStream(self)`).
  public func eraseToStream() -> AsyncStream<Element> {
    AsyncStream(self)
  }

  /// This sequence as an `AsyncThrowingStream` (`AsyncThrowingStream(self)`).
  public func eraseToThrowingStream() -> AsyncThrowingStream<Element, any Error> {
    AsyncThrowingStream(self)
  }
}

/// The one iterator of a sequence an erasing stream reads, made on the first read. Unchecked
/// because a stream's unfolding closure is called by one consumer at a time, never twice at
/// once; the lock covers only the iterator's creation, as swift-concurrency-extras' does.
private final class SharedIterator<Base: AsyncSequence & Sendable>: @unchecked Sendable {
  private let sequence: Base
  private let lock = Mutex(())
  private var iterator: Base.AsyncIterator?

  init(_ sequence: Base) {
    self.sequence = sequence
  }

  func next() async throws -> Base.Element? {
    lock.withLock { _ in
      if iterator == nil { iterator = sequence.makeAsyncIterator() }
    }
    return try await iterator?.next()
  }
}
