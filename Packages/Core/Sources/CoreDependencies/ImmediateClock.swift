import Synchronization

/// A clock whose sleeps return at once: for tests that do not care how long something waits.
/// Its `now` moves to each deadline it is asked to sleep until, as swift-clocks' does, so code
/// that measures time with it sees the time pass.
///
/// ```swift
/// let store = TestStore(initialState: Timer.State()) { Timer() } withDependencies: {
///   $0.continuousClock = ImmediateClock()
/// }
/// ```
public final class ImmediateClock: Clock, Sendable {
  /// An instant of this clock: an offset from when it was made.
  public struct Instant: InstantProtocol {
    /// The offset from the clock's start.
    public var offset: Duration

    /// The instant `offset` after the start.
    public init(offset: Duration = .zero) { self.offset = offset }

    /// This instant moved by `duration`.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// How far `other` is from this instant.
    public func duration(to other: Instant) -> Duration { other.offset - offset }

    /// Orders instants by offset.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private let current = Mutex(Instant())

  /// The latest deadline slept until (the start before any sleep).
  public var now: Instant { current.withLock { $0 } }
  /// Zero: any duration is honoured (by not waiting).
  public var minimumResolution: Duration { .zero }

  /// A new immediate clock, at `now` (the start unless told otherwise).
  public init(now: Instant = Instant()) {
    current.withLock { $0 = now }
  }

  /// Moves `now` to `deadline` (never back) and returns at once, unless the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = max($0, deadline) }
    await Task.yield()
  }
}
