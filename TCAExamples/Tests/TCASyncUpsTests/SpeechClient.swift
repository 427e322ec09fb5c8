import CoreStore
import Foundation

// TCA's SyncUps example (SpeechClient.swift), ported by expanding its macros; views dropped.

// `@DependencyClient`, expanded as its macro writes it: every endpoint has a default here.
struct SpeechClient {
  var authorizationStatus: @Sendable () -> SFSpeechRecognizerAuthorizationStatus = { .denied }
  var requestAuthorization: @Sendable () async -> SFSpeechRecognizerAuthorizationStatus = {
    .denied
  }
  var startTask:
    @Sendable (_ request: UncheckedSendable<SFSpeechAudioBufferRecognitionRequest>) async ->
      AsyncThrowingStream<
        SpeechRecognitionResult, Error
      > = { _ in .finished() }

  init(
    authorizationStatus: @escaping @Sendable () -> SFSpeechRecognizerAuthorizationStatus,
    requestAuthorization: @escaping @Sendable () async -> SFSpeechRecognizerAuthorizationStatus,
    startTask:
      @escaping @Sendable (_ request: UncheckedSendable<SFSpeechAudioBufferRecognitionRequest>)
      async -> AsyncThrowingStream<SpeechRecognitionResult, Error>
  ) {
    self.authorizationStatus = authorizationStatus
    self.requestAuthorization = requestAuthorization
    self.startTask = startTask
  }

  init() {}
}

extension SpeechClient: DependencyKey {
  // Speech's recognizer is Apple's; on Linux the live value is the preview's.
  static var liveValue: SpeechClient { previewValue }

  static var previewValue: SpeechClient {
    Self(
      authorizationStatus: { .authorized },
      requestAuthorization: { .authorized },
      startTask: { _ in
        AsyncThrowingStream { continuation in
          Task { @MainActor in
            var finalText = """
              Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor \
              incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud \
              exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Duis aute \
              irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla \
              pariatur. Excepteur sint occaecat cupidatat non proident, sunt in culpa qui \
              officia deserunt mollit anim id est laborum.
              """
            var text = ""
            while !finalText.isEmpty {
              let word = finalText.prefix { $0 != " " }
              try await Task.sleep(for: .milliseconds(word.count * 50 + .random(in: 0...200)))
              finalText.removeFirst(word.count)
              if finalText.first == " " {
                finalText.removeFirst()
              }
              text += word + " "
              continuation.yield(
                SpeechRecognitionResult(
                  bestTranscription: Transcription(
                    formattedString: text
                  ),
                  isFinal: false
                )
              )
            }
          }
        }
      }
    )
  }

  static let testValue = SpeechClient()

  static func fail(after duration: Duration) -> Self {
    return Self(
      authorizationStatus: { .authorized },
      requestAuthorization: { .authorized },
      startTask: { request in
        AsyncThrowingStream { continuation in
          Task {
            let start = ContinuousClock.now
            do {
              for try await result in await Self.previewValue.startTask(request) {
                if ContinuousClock.now - start > duration {
                  struct SpeechRecognitionFailed: Error {}
                  continuation.finish(throwing: SpeechRecognitionFailed())
                  break
                } else {
                  continuation.yield(result)
                }
              }
              continuation.finish()
            } catch {
              continuation.finish(throwing: error)
            }
          }
        }
      }
    )
  }
}

extension DependencyValues {
  var speechClient: SpeechClient {
    get { self[SpeechClient.self] }
    set { self[SpeechClient.self] = newValue }
  }
}

struct SpeechRecognitionResult: Equatable {
  var bestTranscription: Transcription
  var isFinal: Bool
}

struct Transcription: Equatable {
  var formattedString: String
}
