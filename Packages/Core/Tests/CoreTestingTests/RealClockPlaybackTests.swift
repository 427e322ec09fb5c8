import CoreDependencies
import CoreStore
import CoreTesting
import Testing

/// TCA's VoiceMemos playback, on a real clock and at 40% of its times: a timer ticks every
/// 200 ms while a player plays for 1 s, and the test sleeps 1.2 s before it receives what
/// happened, as TCA's `recordAndPlayback` test does. As there, the order holds as long as no
/// tick's job runs a whole interval late.
private struct Playback: Reducer {
  struct State: Equatable {
    var durationMilliseconds = 1_000
    var mode = Mode.notPlaying
  }

  enum Mode: Equatable {
    case notPlaying
    case playing(progress: Double)
  }

  enum Action: Equatable, Sendable {
    case playButtonTapped
    case playbackStarted
    case timerUpdated(milliseconds: Int)
    case finished(Bool)
  }

  enum CancelID { case play }

  /// The timer's interval, in milliseconds.
  static let interval = 200

  @Dependency(\.continuousClock) var clock
  let play: @Sendable () async throws -> Bool

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .playButtonTapped:
      state.mode = .playing(progress: 0)
      return .run { [clock, play] send in
        await send(.playbackStarted)
        async let playAudio: Void = send(.finished((try? await play()) ?? false))
        var elapsed = 0
        for await _ in clock.timer(interval: .milliseconds(Playback.interval)) {
          elapsed += Playback.interval
          await send(.timerUpdated(milliseconds: elapsed))
        }
        await playAudio
      }
      .cancellable(id: CancelID.play, cancelInFlight: true)
    case .playbackStarted:
      return .none
    case .timerUpdated(let elapsed):
      if case .playing = state.mode {
        state.mode = .playing(progress: Double(elapsed) / Double(state.durationMilliseconds))
      }
      return .none
    case .finished:
      state.mode = .notPlaying
      return .cancel(id: CancelID.play)
    }
  }
}

@MainActor
@Suite("A real-clock test runs its effects in the order their deadlines fall")
struct RealClockPlaybackTests {
  @Test("every tick before the end of play arrives, then the end, and nothing after it")
  func playback() async throws {
    let store = TestStore(initialState: Playback.State()) {
      Playback {
        try await Task.sleep(for: .milliseconds(1_000))
        return true
      }
    } withDependencies: {
      $0.continuousClock = ContinuousClock()
    }
    await store.send(.playButtonTapped) { $0.mode = .playing(progress: 0) }
    await store.receive(.playbackStarted)
    // The effects run while the test sleeps, as on TCA's main serial executor.
    try await Task.sleep(for: .milliseconds(1_200))
    for tick in 1...5 {
      await store.receive(.timerUpdated(milliseconds: tick * 200)) {
        $0.mode = .playing(progress: Double(tick * 200) / 1_000)
      }
    }
    await store.receive(.finished(true)) { $0.mode = .notPlaying }
    await store.finish()
  }

  @Test("a test that expects the end before the last tick fails")
  func wrongOrderFails() async throws {
    let store = TestStore(initialState: Playback.State()) {
      Playback {
        try await Task.sleep(for: .milliseconds(1_000))
        return true
      }
    } withDependencies: {
      $0.continuousClock = ContinuousClock()
    }
    store.exhaustivity = .off
    await store.send(.playButtonTapped)
    try await Task.sleep(for: .milliseconds(1_200))
    for tick in 1...4 {
      await store.receive(.timerUpdated(milliseconds: tick * 200))
    }
    store.exhaustivity = .on
    await withKnownIssue {
      await store.receive(.finished(true)) { $0.mode = .notPlaying }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("timerUpdated(milliseconds: 1000)") }
    }
    await store.skipReceivedActions()
    await store.finish()
  }
}
