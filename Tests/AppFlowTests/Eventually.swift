/// Waits until `condition` holds, checking it every 2 ms without holding a thread; false only
/// when `limit` passes first. The limit is one only a hang reaches: a loaded machine (both
/// cores busy, a clean build beside the tests) is slow, never this slow, so a test waits for
/// what it expects and never acts on a guess that it has happened.
func eventually(
  within limit: Duration = .seconds(300), _ condition: () throws -> Bool
) async rethrows -> Bool {
  let deadline = ContinuousClock.now.advanced(by: limit)
  while ContinuousClock.now < deadline {
    if try condition() { return true }
    // A cancelled test stops waiting at once.
    do { try await Task.sleep(for: .milliseconds(2)) } catch { break }
  }
  return try condition()
}
