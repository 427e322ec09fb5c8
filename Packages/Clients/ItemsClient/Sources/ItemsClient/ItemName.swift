import CoreUI
import Foundation

/// The rules for an item's name, in one place: every screen that takes a name uses them.
public enum ItemName {
  /// The longest name accepted, in characters.
  public static let maximumLength = 200

  /// The name trimmed of surrounding spaces, or a one-line reason it is refused.
  ///
  /// ```swift
  /// ItemName.validate("  Milk ")  // .success("Milk")
  /// ItemName.validate("")         // .failure(.empty)
  /// ```
  public static func validate(_ raw: String) -> Result<String, ItemNameError> {
    let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    if name.isEmpty { return .failure(.empty) }
    if ControlCharacters.contains(name) { return .failure(.controlCharacters) }
    if name.count > maximumLength { return .failure(.tooLong(name.count)) }
    return .success(name)
  }
}

/// Why a name was refused.
public enum ItemNameError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Nothing but spaces.
  case empty
  /// More characters than allowed; how many it had.
  case tooLong(Int)
  /// Characters that act on a terminal (ESC, BEL, bidi overrides).
  case controlCharacters

  /// One line for the person.
  public var description: String {
    switch self {
    case .empty:
      "A name cannot be empty; type one, like \"Milk\"."
    case .tooLong(let count):
      "A name has at most \(ItemName.maximumLength) characters; this one has \(count)."
    case .controlCharacters:
      "A name cannot hold control characters (ESC, BEL, direction overrides); type plain text."
    }
  }
}
