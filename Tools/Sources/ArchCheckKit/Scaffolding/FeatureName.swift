/// A validated name for a new feature: `Piyo` makes `PiyoFeature`, `PiyoView`, `PiyoPreview`,
/// and the App's `.piyo` cases.
public struct FeatureName: Sendable, Equatable {
  /// As given: `Piyo`.
  public let name: String

  /// The package and module: `PiyoFeature`.
  public var module: String { name + "Feature" }
  /// The case name in the App: `piyo` (`ItemList` → `itemList`).
  public var caseName: String { name.prefix(1).lowercased() + name.dropFirst() }

  /// Names no feature may take: the repo's own folders and the names its generated code and
  /// the App give nested types (`Path`, `Route`, `Destination`), and the words Swift reserves
  /// in a type's place (`Self`, `Type`, `Any`, `Protocol`). The toolchain's and the repo's
  /// declarations are checked apart, from what they declare (`NameClashes`).
  public static let reserved: Set<String> = [
    "Core", "App", "Tools", "Tests", "Demo", "Switchyard", "Self", "Type", "Any", "Protocol",
    "Path", "Route", "Destination", "Router", "AppRouter",
  ]

  /// The demo's own commands (the console's and the router's): a screen named like one would
  /// get a command (its case name) that can never be typed, since the built-in one wins.
  public static let commandWords: Set<String> = [
    "help", "show", "state", "trace", "quit", "exit", "back", "signout", "open", "link", "tabs",
    "tab",
  ]

  private static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
    "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as",
    "false", "is", "nil", "self", "super", "throws", "true", "try", "await", "async", "some",
    "any", "package", "consume", "copy", "borrowing", "consuming",
  ]

  /// Checks `raw`: an UpperCamelCase Swift identifier of 2 to 40 letters and digits, not
  /// reserved, without the `Feature` suffix. Throws a one-line reason.
  public init(_ raw: String) throws(ArchCheckError) {
    if raw.contains("/") || raw.contains("\\") || raw.contains(".") {
      throw .invalidInput(
        "'\(raw)' is not a feature name: a name is one word, with no path separators or dots; try Piyo"
      )
    }
    if let letter = raw.first(where: { !$0.isASCII && ($0.isLetter || $0.isNumber) }) {
      throw .invalidInput(
        "'\(raw)' is not a feature name: use ASCII letters and digits only ('\(letter)' is not "
          + "ASCII; folder names with it are stored differently on macOS's disk, and the demo's "
          + "commands are typed in ASCII)")
    }
    guard let first = raw.first, first.isASCII, first.isUppercase else {
      throw .invalidInput(
        "'\(raw)' is not a feature name: it must start with a capital letter (UpperCamelCase, like Piyo)"
      )
    }
    guard raw.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
      throw .invalidInput(
        "'\(raw)' is not a feature name: use letters and digits only (UpperCamelCase, like Piyo)")
    }
    guard (2...40).contains(raw.count) else {
      throw .invalidInput("'\(raw)' is not a feature name: use 2 to 40 characters")
    }
    if raw.hasSuffix("Feature") {
      throw .invalidInput(
        "give the name without 'Feature': \(raw.dropLast("Feature".count)), not \(raw)")
    }
    let candidate = raw.prefix(1).lowercased() + raw.dropFirst()
    if Self.reserved.contains(raw) || Self.keywords.contains(candidate) {
      throw .invalidInput("'\(raw)' is reserved; choose another name")
    }
    if Self.commandWords.contains(candidate) {
      throw .invalidInput(
        "'\(raw)' would open by the command '\(candidate)', which the demo already has "
          + "(its own always wins); choose another name")
    }
    self.name = raw
  }
}
