/// Waits until `condition` holds, or `timeout` passes; returns whether it holds. Yields first,
/// then sleeps a millisecond between looks, so work on other tasks can progress. For
/// the tests that wait for a test clock's sleepers, which nothing announces.
///
/// The default deadline is one only a hang reaches: in a full run with both cores busy, a
/// plain store's effects waited over five seconds for their turn.
@MainActor
func waitUntil(timeout: Duration = .seconds(120), _ condition: () -> Bool) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  while !condition() {
    if clock.now >= deadline { return false }
    await Task.yield()
    if !condition() {
      try? await Task.sleep(for: .milliseconds(1))
    }
  }
  return true
}
