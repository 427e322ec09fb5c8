/// Wall time per action: the median of several timed runs of one workload, after a warm-up.
enum WallClock {
  /// Timed runs per side; the median is reported.
  static let runs = 5

  /// Nanoseconds per action, median of ``runs`` runs of `actions` actions each.
  @MainActor
  static func nanosecondsPerAction(of workload: any Workload, actions: Int) async -> Double {
    await workload.run(max(actions / 100, 1))
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
