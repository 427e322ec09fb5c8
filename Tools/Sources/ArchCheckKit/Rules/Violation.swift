/// One broken rule, printed as `path:line: what is wrong; what is allowed`.
public struct Violation: Sendable, Equatable, Comparable, CustomStringConvertible {
  /// The file, relative to the repo root.
  public let path: String
  /// The line in that file (1-based).
  public let line: Int
  /// What is wrong and what is allowed.
  public let message: String

  /// A violation.
  public init(path: String, line: Int, message: String) {
    self.path = path
    self.line = line
    self.message = message
  }

  /// `path:line: message`.
  public var description: String { "\(path):\(line): \(message)" }

  /// By file, then line.
  public static func < (lhs: Violation, rhs: Violation) -> Bool {
    (lhs.path, lhs.line, lhs.message) < (rhs.path, rhs.line, rhs.message)
  }
}
