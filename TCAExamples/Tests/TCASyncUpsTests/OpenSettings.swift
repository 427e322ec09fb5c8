import CoreStore
import Foundation

// TCA's SyncUps example (OpenSettings.swift), ported by expanding its macros; views dropped.

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
}
