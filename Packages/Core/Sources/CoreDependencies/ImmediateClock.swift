/// A clock whose sleeps return at once: for tests that do not care how long something waits.
///
/// ```swift
/// let store = TestStore(initialState: Timer.State()) { Timer() } withDependencies: {
///   $0.continuousClock = ImmediateClock()
/// }
/// ```
public struct ImmediateClock: Clock, Sendable {
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

  /// Always the start: sleeping does not move this clock.
  public var now: Instant { Instant() }
  /// Zero: any duration is honoured (by not waiting).
  public var minimumResolution: Duration { .zero }

  /// A new immediate clock.
  public init() {}

  /// Returns at once, unless the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    await Task.yield()
  }
}
