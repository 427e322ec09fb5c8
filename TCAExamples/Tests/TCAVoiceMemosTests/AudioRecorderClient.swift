import CoreStore
import Foundation

// TCA's VoiceMemos example (AudioRecorderClient/AudioRecorderClient.swift), ported by expanding
// its macros. Its live value (LiveAudioRecorderClient.swift) is AVFoundation's, which Linux
// lacks, and is left out, as in TCA's test target, which never reaches it.

// `@DependencyClient`, expanded as its macro writes it: every endpoint has a default that reports
// an issue (returning the declared default, or nil, where it cannot throw), and an endpoint with
// labeled arguments has a method.
struct AudioRecorderClient {
  var currentTime: @Sendable () async -> TimeInterval? = {
    reportIssue("Unimplemented: 'AudioRecorderClient.currentTime'")
    return nil
  }
  var requestRecordPermission: @Sendable () async -> Bool = {
    reportIssue("Unimplemented: 'AudioRecorderClient.requestRecordPermission'")
    return false
  }
  var startRecording: @Sendable (_ url: URL) async throws -> Bool = { _ in
    reportIssue("Unimplemented: 'AudioRecorderClient.startRecording'")
    throw Unimplemented("startRecording")
  }
  var stopRecording: @Sendable () async -> Void = {
    reportIssue("Unimplemented: 'AudioRecorderClient.stopRecording'")
  }

  init(
    currentTime: @escaping @Sendable () async -> TimeInterval?,
    requestRecordPermission: @escaping @Sendable () async -> Bool,
    startRecording: @escaping @Sendable (_ url: URL) async throws -> Bool,
    stopRecording: @escaping @Sendable () async -> Void
  ) {
    self.currentTime = currentTime
    self.requestRecordPermission = requestRecordPermission
    self.startRecording = startRecording
    self.stopRecording = stopRecording
  }

  init() {}

  func startRecording(url: URL) async throws -> Bool {
    try await self.startRecording(url)
  }
}

extension AudioRecorderClient: TestDependencyKey {
  static var previewValue: Self {
    let isRecording = LockIsolated(false)
    let currentTime = LockIsolated(0.0)

    return Self(
      currentTime: { currentTime.value },
      requestRecordPermission: { true },
      startRecording: { _ in
        isRecording.setValue(true)
        while isRecording.value {
          try await Task.sleep(for: .seconds(1))
          currentTime.withValue { $0 += 1 }
        }
        return true
      },
      stopRecording: {
        isRecording.setValue(false)
        currentTime.setValue(0)
      }
    )
  }

  static let testValue = Self()
}

extension DependencyValues {
  var audioRecorder: AudioRecorderClient {
    get { self[AudioRecorderClient.self] }
    set { self[AudioRecorderClient.self] = newValue }
  }
}
