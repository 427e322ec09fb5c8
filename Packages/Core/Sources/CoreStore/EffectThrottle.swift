import Synchronization

extension Effect {
  /// Lets the actions of this effect through at most once per `interval` on `clock` for `id`
  /// (TCA's `throttle`). The first action after a quiet interval is sent at once; one that
  /// comes sooner is held until the interval since the last one sent has passed, and then the
  /// latest action of that interval is sent (`latest: true`) or the first (`latest: false`).
  /// A newer throttled effect with the same id replaces one still holding an action.
  ///
  /// ```swift
  /// case .scrolled(let offset):
  ///   return .send(.savePosition(offset))
  ///     .throttle(id: CancelID.position, for: .seconds(1), clock: clock, latest: true)
  /// ```
  ///
  /// The clock is any clock of Swift's `Duration`: `@Dependency(\.continuousClock)`, a
  /// `TestClock`, an `ImmediateClock`.
  public func throttle<ID: Hashable & Sendable>(
    id: ID, for interval: Duration, clock: any Clock<Duration>, latest: Bool
  ) -> Effect {
    throttleOnOpened(id: id, for: interval, clock: clock, latest: latest)
  }

  private func throttleOnOpened<ID: Hashable & Sendable, C: Clock>(
    id: ID, for interval: Duration, clock: C, latest: Bool
  ) -> Effect where C.Duration == Duration {
    throttled(id: id, for: interval, clock: clock, latest: latest)
  }

  fileprivate func throttled<ID: Hashable & Sendable, C: Clock>(
    id: ID, for interval: C.Duration, clock: C, latest: Bool
  ) -> Effect {
    guard !isNone else { return .none }
    let key = EffectID(id)
    let work = self
    return Effect.run { send in
      // Actions cross to the throttle's lock and back to the store's main actor unchanged.
      let sent = Mutex<[UncheckedSendable<Action>]>([])
      await work.perform(
        with: Send { action in sent.withLock { $0.append(UncheckedSendable(action)) } })
      for action in sent.withLock({ $0 }) {
        try await Throttle.pass(
          action, key: key, interval: interval, clock: clock, latest: latest, send: send)
      }
    }
    .cancellable(id: id, cancelInFlight: true)
  }
}

/// When each throttled id last let an action through, and the action it holds, shared by
/// every store of the process as TCA's throttle shares them.
enum Throttle {
  struct Entry {
    var lastSent: any Sendable
    var held: (any Sendable)?
  }

  static let entries = Mutex<[EffectID: Entry]>([:])

  /// Sends `action` now, or after the rest of the interval, or not at all (a held action is
  /// sent instead), by the rules of ``Effect/throttle(id:for:clock:latest:)``.
  static func pass<Action, C: Clock>(
    _ action: UncheckedSendable<Action>, key: EffectID, interval: C.Duration, clock: C,
    latest: Bool,
    send: Send<Action>
  ) async throws {
    let now = clock.now
    let decision = entries.withLock {
      entries -> (value: UncheckedSendable<Action>, wait: C.Instant?) in
      guard let entry = entries[key], let lastSent = entry.lastSent as? C.Instant else {
        entries[key] = Entry(lastSent: now, held: nil)
        return (action, nil)
      }
      let value = latest ? action : (entry.held as? UncheckedSendable<Action> ?? action)
      if lastSent.duration(to: now) >= interval {
        entries[key] = Entry(lastSent: now, held: nil)
        return (value, nil)
      }
      entries[key]?.held = value
      return (value, lastSent.advanced(by: interval))
    }
    if let wait = decision.wait {
      try await clock.sleep(until: wait, tolerance: nil)
      entries.withLock { $0[key] = Entry(lastSent: clock.now, held: nil) }
    }
    await send(decision.value.value)
  }
}
