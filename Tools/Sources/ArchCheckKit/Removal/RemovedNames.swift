/// What `make remove-feature` takes away, as code can name it: the package's modules, the
/// types it declares, the screen and route cases named after its screens, and the actions that
/// asked for them. A declaration is about the feature when its code (strings and comments left
/// out) refers to one of these the way Swift refers to a module, a type or a case, never when
/// a word of the same spelling is a string's text, a comment, a label or another value's
/// member (`item.note`, `"note"`, `note:`, `\.note`).
struct RemovedNames: Equatable {
  /// The package's modules (`NoteFeature`, `NotePreview`): an import or `NoteFeature.Note`.
  var modules: Set<String> = []
  /// The types the package declares at the top level (`Note`, `NoteView`).
  var types: Set<String> = []
  /// The actions of other features that asked for a removed screen (`noteTapped`): as an
  /// implicit member (`.noteTapped`) or after a type (`Hoge.Action.noteTapped`).
  var actions: Set<String> = []
  /// The removed screens' case names (`note`), in the screen list and in routes: only after a
  /// type of ``caseOwners`` (`Screens.note`, `Hoge.Route.note`, `Path.State.note`) or as a
  /// stack's case key path (`case: \.note`). A bare `.note` may be any enum's case, and
  /// `Theme.note` another type's member; the build after the removal says when it was this one.
  var cases: Set<String> = []
  /// The enums that have the screens' cases: every feature's `Route`, the App's `Path` and its
  /// `State`, and the screen and tab lists (`Screens`, `Tabs`).
  var caseOwners: Set<String> = ["Route", "Path", "State"]
  /// Types the removal rewrote rather than removed (the App's `EntryPanel`, which becomes the
  /// empty panel): a test the build rejects for a member they no longer have is about the
  /// removal too. Not matched in code: they still exist.
  var rewritten: Set<String> = []

  var isEmpty: Bool { modules.isEmpty && types.isEmpty && actions.isEmpty && cases.isEmpty }

  /// Whether `code` (Swift with strings and comments blanked) refers to one of the names.
  func isReferred(in code: String) -> Bool {
    let tokens = SwiftTokens.tokens(in: code)
    for index in tokens.indices where tokens[index].isIdentifier {
      if refers(at: index, in: tokens) { return true }
    }
    return false
  }

  /// Whether the identifier at `index` is one of the names, used as such.
  private func refers(at index: Int, in tokens: [SwiftTokens.Token]) -> Bool {
    let name = tokens[index].text
    let afterDot = index > 0 && tokens[index - 1].text == "."
    // What the member is read from: nil for an implicit member (`.note` starting an
    // expression), the token before the dot otherwise.
    let base = afterDot && index > 1 ? tokens[index - 2] : nil
    if modules.contains(name) || types.contains(name) {
      // `Note`, `NoteFeature.Note`; not `value.Note` (another type's member).
      return !afterDot || base.map { modules.contains($0.text) } == true
    }
    guard afterDot else { return false }
    if actions.contains(name) {
      guard let base else { return true }
      return Self.isTypeName(base) || !Self.endsExpression(base)
    }
    if cases.contains(name) {
      guard let base else { return false }
      // `case: \.note`, TCA's `path[id:case:]`.
      if base.text == "\\" {
        return index > 3 && tokens[index - 3].text == ":" && tokens[index - 4].text == "case"
      }
      // `Screens.note`, `Hoge.Route.note`; not `\Route.note` (a key path to a property).
      let isKeyPath = index > 2 && tokens[index - 3].text == "\\"
      return base.isIdentifier && caseOwners.contains(base.text) && !isKeyPath
    }
    return false
  }

  /// A type's name by Swift's convention: an identifier that starts with a capital letter.
  private static func isTypeName(_ token: SwiftTokens.Token) -> Bool {
    token.isIdentifier && token.text.first?.isUppercase == true
  }

  /// Whether a dot after `token` reads a member of a value (`item.note`, `f().x`, `a?.b`)
  /// rather than starting an implicit member (`(.x`, `= .x`, `case .x`, `return .x`).
  private static func endsExpression(_ token: SwiftTokens.Token) -> Bool {
    if token.isIdentifier { return token.isBackticked || !keywords.contains(token.text) }
    return [")", "]", "?", "!", "\"", ">"].contains(token.text)
  }

  /// The keywords after which a dot starts an implicit member.
  private static let keywords: Set<String> = [
    "case", "return", "in", "try", "await", "throw", "else", "is", "as", "where", "if", "guard",
    "switch", "yield", "then",
  ]
}
