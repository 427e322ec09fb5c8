/// Waits until `condition` holds, or `timeout` passes; returns whether it holds. Yields first,
/// then sleeps a millisecond between looks, so work on other tasks can progress. For
/// the tests that wait for a test clock's sleepers, which nothing announces.
@MainActor
func waitUntil(timeout: Duration, _ condition: () -> Bool) async -> Bool {
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
