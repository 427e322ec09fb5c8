extension EffectExecutor {
  /// A snapshot of what an executor's effects have done: how many jobs have run, and whether
  /// one is running now.
  package struct Progress: Equatable, Sendable {
    let ran: UInt64
    let isRunning: Bool
  }

  /// A deadline that only a hang reaches: it passes once the effects have not moved for the
  /// whole of a span, so a busy machine that runs them slowly never trips it, and an effect
  /// stuck on something that never comes does, after the span.
  ///
  /// A job that never suspends keeps it from passing until ``hardLimit`` times the span: what
  /// a wait then reports is a hang.
  package struct Deadline: Sendable {
    /// How many spans a wait lasts at most, however busy the effects are.
    package static let hardLimit = 60

    private let span: Duration
    private let executor: EffectExecutor
    private let clock = ContinuousClock()
    private let last: ContinuousClock.Instant
    private var lastProgress: Progress
    private var idleSince: ContinuousClock.Instant
    /// Whether it passed at the hard limit, the effects never standing still for a span.
    package private(set) var passedAtHardLimit = false

    /// A deadline that passes when `executor`'s effects stay still for `span`.
    package init(idleFor span: Duration, watching executor: EffectExecutor) {
      self.span = span
      self.executor = executor
      let now = clock.now
      last = now.advanced(by: span * Self.hardLimit)
      lastProgress = executor.progress
      idleSince = now
    }

    /// When it would pass if the effects stay still from now on.
    package var idleDeadline: ContinuousClock.Instant { idleSince.advanced(by: span) }

    /// Whether it has passed; a job run since the last look starts the span again.
    package mutating func hasPassed() -> Bool {
      let now = clock.now
      let progress = executor.progress
      if progress != lastProgress || progress.isRunning {
        lastProgress = progress
        idleSince = now
      }
      if now >= idleDeadline { return true }
      passedAtHardLimit = now >= last
      return passedAtHardLimit
    }
  }
}
