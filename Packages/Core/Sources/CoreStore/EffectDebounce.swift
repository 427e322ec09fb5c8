extension Effect {
  /// Waits `duration` on `clock` before doing this effect's work, and starting it again cancels
  /// the wait and the work still pending: only the last of a quick series happens (TCA's
  /// `debounce`).
  ///
  /// ```swift
  /// case .queryChanged(let query):
  ///   state.query = query
  ///   return .send(.search).debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
  /// ```
  ///
  /// The clock is any clock of Swift's `Duration`: `@Dependency(\.continuousClock)`, a
  /// `TestClock`, an `ImmediateClock`.
  public func debounce<ID: Hashable & Sendable>(
    id: ID, for duration: Duration, clock: any Clock<Duration>
  ) -> Effect {
    guard !isNone else { return .none }
    return Effect.concatenate(.run { _ in try await clock.sleep(for: duration) }, self)
      .cancellable(id: id, cancelInFlight: true)
  }

  /// Cancels the running effects marked with any of `ids` (TCA's `cancel(ids:)`), by the same
  /// rules as ``cancel(id:)``.
  public static func cancel(ids: some Sequence<some Hashable & Sendable>) -> Effect {
    merge(ids.map { cancel(id: $0) })
  }
}
