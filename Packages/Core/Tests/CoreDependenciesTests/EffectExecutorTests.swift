import CoreDependencies
import Testing

@Suite("EffectExecutor")
struct EffectExecutorTests {
  @Test("an executor stays registered until it is released, then nothing keeps it alive")
  func releaseUnregisters() {
    weak var released: EffectExecutor?
    weak var kept: EffectExecutor?
    do {
      let executor = EffectExecutor()
      released = executor
      executor.release()
      // Registered for the test clocks of this test until released: a test store releases
      // its executor when it goes.
      let unreleased = EffectExecutor()
      kept = unreleased
    }
    #expect(released == nil)
    #expect(kept != nil)
    kept?.release()
    #expect(kept == nil)
  }
}
