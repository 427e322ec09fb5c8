import CoreStore
import Foundation

// What TCA's SyncUps example imports from outside TCA and Linux does not have: Tagged (a
// Point-Free package), SwiftUI's Color, and the Speech framework's types the feature names.
// Declared here with only what SyncUps uses; everything else in this target is TCA's code
// with the macros expanded.

/// Tagged's `Tagged<Tag, RawValue>`: a raw value typed by what it identifies.
struct Tagged<Tag, RawValue: Hashable & Sendable & Codable>: Hashable, Sendable, Codable {
  var rawValue: RawValue

  init(rawValue: RawValue) {
    self.rawValue = rawValue
  }

  init(_ rawValue: RawValue) {
    self.rawValue = rawValue
  }

  init(from decoder: any Decoder) throws {
    self.rawValue = try RawValue(from: decoder)
  }

  func encode(to encoder: any Encoder) throws {
    try rawValue.encode(to: encoder)
  }
}

extension Tagged where RawValue == UUID {
  /// A new random id, as Tagged's `UUID` extension gives.
  init() {
    self.init(UUID())
  }

  /// The id a UUID string spells, or nil.
  init?(uuidString: String) {
    guard let uuid = UUID(uuidString: uuidString) else { return nil }
    self.init(uuid)
  }
}

/// SwiftUI's `Color`, by name.
struct Color: Equatable, Sendable {
  var name: String
  init(_ name: String) { self.name = name }
  static let black = Color("black")
  static let white = Color("white")
}

/// The Speech framework's authorization status.
enum SFSpeechRecognizerAuthorizationStatus: Sendable {
  case notDetermined, denied, restricted, authorized
}

/// The Speech framework's audio request; SyncUps only makes one and hands it to the client.
final class SFSpeechAudioBufferRecognitionRequest {}
