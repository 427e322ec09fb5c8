import CoreUI
import Foundation

/// The rules for an item's name, in one place: every screen that takes a name uses them.
public enum ItemName {
  /// The longest name accepted, in Unicode scalars: what is stored and printed, so a name
  /// that shows as one character but holds half a million combining marks is refused.
  public static let maximumLength = 200

  /// How long a name counts as: its Unicode scalars (an accent written as a combining mark
  /// counts apart from its letter).
  public static func length(of name: String) -> Int {
    name.unicodeScalars.count
  }

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
    let length = length(of: name)
    if length > maximumLength { return .failure(.tooLong(length)) }
    return .success(name)
  }
}

/// Why a name was refused.
public enum ItemNameError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Nothing but spaces.
  case empty
  /// Longer than allowed; how many Unicode scalars it had.
  case tooLong(Int)
  /// Characters that act on a terminal (ESC, BEL, bidi overrides).
  case controlCharacters

  /// One line for the person.
  public var description: String {
    switch self {
    case .empty:
      "A name cannot be empty; type one, like \"Milk\"."
    case .tooLong(let count):
      "A name has at most \(ItemName.maximumLength) characters (an accent typed apart "
        + "counts as one); this one has \(count)."
    case .controlCharacters:
      "A name cannot hold control characters (ESC, BEL, direction overrides); type plain text."
    }
  }
}
