extension Clock where Duration: Hashable {
  /// A sequence that ticks every `interval` on this clock until the task that iterates it is
  /// cancelled (swift-clocks' `timer(interval:)`); each tick is the time since the timer
  /// started. It works on `@Dependency(\.continuousClock)` (an `any Clock<Duration>`) too, and
  /// with a `TestClock` each `advance` past a tick lets it through.
  ///
  /// ```swift
  /// return .run { send in
  ///   for await _ in clock.timer(interval: .seconds(1)) {
  ///     await send(.tick)
  ///   }
  /// }
  /// ```
  public func timer(interval: Duration) -> ClockTimer<Duration> {
    ClockTimer(interval: interval) { [self] in
      let start = now
      return { elapsed in try await sleep(until: start.advanced(by: elapsed), tolerance: nil) }
    }
  }
}

/// The ticks of a clock, every interval, as the time since the timer started; made by
/// `timer(interval:)`. The clock is erased, so a timer of any clock has this type.
public struct ClockTimer<Duration: DurationProtocol & Hashable>: AsyncSequence, Sendable {
  /// The time since the timer started, at each tick.
  public typealias Element = Duration

  let interval: Duration
  /// Starts the clock's part: returns how to sleep until a time since the start.
  let start: @Sendable () -> @Sendable (Duration) async throws -> Void

  /// Waits for each tick in turn.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let interval: Duration
    let sleep: @Sendable (Duration) async throws -> Void
    var elapsed: Duration

    /// The next tick, once it is due; nil once the task is cancelled.
    public mutating func next() async -> Duration? {
      let due = elapsed + interval
      do {
        try await sleep(due)
      } catch {
        return nil
      }
      elapsed = due
      return due
    }
  }

  /// An iterator from now.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(interval: interval, sleep: start(), elapsed: .zero)
  }
}
