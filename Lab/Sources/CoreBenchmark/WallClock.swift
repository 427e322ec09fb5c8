/// Wall time per action: the median of several timed runs of one workload, after a warm-up.
enum WallClock {
  /// Timed runs per side; the median is reported.
  static let runs = 5

  /// The actions of the untimed warm-up run before the timed ones.
  static func warmUpActions(for actions: Int) -> Int { max(actions / 100, 1) }

  /// Every action a measurement performs: the warm-up and the timed runs.
  static func totalActions(for actions: Int) -> Int { warmUpActions(for: actions) + runs * actions }

  /// Nanoseconds per action, median of ``runs`` runs of `actions` actions each.
  @MainActor
  static func nanosecondsPerAction(of workload: any Workload, actions: Int) async -> Double {
    await workload.run(warmUpActions(for: actions))
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<runs {
      let start = clock.now
      await workload.run(actions)
      let elapsed = start.duration(to: clock.now)
      let nanoseconds =
        Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
      samples.append(nanoseconds / Double(actions))
    }
    return samples.sorted()[runs / 2]
  }
}
