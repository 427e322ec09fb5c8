import CoreStore
import Foundation

// TCA's VoiceMemos example (Dependencies.swift), with the one line Linux lacks changed: the live
// `openSettings` opens UIKit's settings app, which is Apple's.

extension DependencyValues {
  var openSettings: @Sendable () async -> Void {
    get { self[OpenSettingsKey.self] }
    set { self[OpenSettingsKey.self] = newValue }
  }

  private enum OpenSettingsKey: DependencyKey {
    typealias Value = @Sendable () async -> Void

    static let liveValue: @Sendable () async -> Void = {
      // UIKit's settings app is Apple's; on Linux there is nothing to open.
    }
  }

  var temporaryDirectory: @Sendable () -> URL {
    get { self[TemporaryDirectoryKey.self] }
    set { self[TemporaryDirectoryKey.self] = newValue }
  }

  private enum TemporaryDirectoryKey: DependencyKey {
    static let liveValue: @Sendable () -> URL = { URL(fileURLWithPath: NSTemporaryDirectory()) }
  }
}
