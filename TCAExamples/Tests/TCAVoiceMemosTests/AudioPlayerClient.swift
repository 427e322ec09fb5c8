import CoreStore
import Foundation

// TCA's VoiceMemos example (AudioPlayerClient/AudioPlayerClient.swift), ported by expanding its
// macros. Its live value (LiveAudioPlayerClient.swift) is AVFoundation's, which Linux lacks, and
// is left out, as in TCA's test target, which never reaches it.

// `@DependencyClient`, expanded as its macro writes it: every endpoint has a default that reports
// an issue, and an endpoint with labeled arguments has a method.
struct AudioPlayerClient {
  var play: @Sendable (_ url: URL) async throws -> Bool = { _ in
    reportIssue("Unimplemented: 'AudioPlayerClient.play'")
    throw Unimplemented("play")
  }

  init(play: @escaping @Sendable (_ url: URL) async throws -> Bool) {
    self.play = play
  }

  init() {}

  func play(url: URL) async throws -> Bool {
    try await self.play(url)
  }
}

extension AudioPlayerClient: TestDependencyKey {
  static let previewValue = Self(
    play: { _ in
      try await Task.sleep(for: .seconds(5))
      return true
    }
  )

  static let testValue = Self()
}

extension DependencyValues {
  var audioPlayer: AudioPlayerClient {
    get { self[AudioPlayerClient.self] }
    set { self[AudioPlayerClient.self] = newValue }
  }
}
