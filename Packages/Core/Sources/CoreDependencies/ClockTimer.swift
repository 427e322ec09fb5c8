extension Clock {
  /// A sequence that ticks every `interval` on this clock, with the instant of each tick, until
  /// the task that iterates it is cancelled (swift-clocks' `timer(interval:)`). With a
  /// `TestClock`, each `advance` past a tick lets it through.
  ///
  /// ```swift
  /// return .run { send in
  ///   for await _ in clock.timer(interval: .seconds(1)) {
  ///     await send(.tick)
  ///   }
  /// }
  /// ```
  public func timer(interval: Duration) -> ClockTimer<Self> {
    ClockTimer(clock: self, interval: interval)
  }
}

/// The ticks of a clock, every interval; made by ``Clock/timer(interval:)``.
public struct ClockTimer<C: Clock>: AsyncSequence, Sendable {
  /// The instant each tick was due.
  public typealias Element = C.Instant

  let clock: C
  let interval: C.Duration

  /// Waits for each tick in turn.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let clock: C
    let interval: C.Duration
    var next: C.Instant?

    /// The next tick, once it is due; nil once the task is cancelled.
    public mutating func next() async -> C.Instant? {
      let due = (next ?? clock.now).advanced(by: interval)
      do {
        try await clock.sleep(until: due, tolerance: nil)
      } catch {
        return nil
      }
      next = due
      return due
    }
  }

  /// An iterator from now.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(clock: clock, interval: interval, next: nil)
  }
}
