/// Text for alerts and confirmation dialogs in TCA's spelling (swift-navigation's):
/// `TextState("Delete Milk?")`. A terminal draws it as plain text: emphasis such as `bold()`
/// is kept for a SwiftUI view to draw, and counts for equality, but shows as the plain words.
///
/// ```swift
/// AlertState {
///   TextState("Delete Milk?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
/// }
/// ```
public struct TextState: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// An emphasis a view may draw; a terminal draws none.
  public enum Modifier: Equatable, Hashable, Sendable {
    case bold
    case italic
    case underline
    case strikethrough
  }

  /// A stretch of text with the emphasis it was given.
  struct Run: Equatable, Hashable, Sendable {
    var text: String
    var modifiers: [Modifier]
  }

  var runs: [Run]

  /// The text as given, never looked up in a strings table.
  public init(verbatim content: String) {
    runs = [Run(text: content, modifiers: [])]
  }

  /// The text as given (there are no strings tables on Linux).
  public init<S: StringProtocol>(_ content: S) {
    self.init(verbatim: String(content))
  }

  /// The plain words, every emphasis left out: what the terminal shows.
  public var description: String {
    var text = ""
    for run in runs {
      text += run.text
    }
    return text
  }

  /// This text in bold.
  public func bold() -> TextState { adding(.bold) }
  /// This text in italics.
  public func italic() -> TextState { adding(.italic) }
  /// This text underlined.
  public func underline() -> TextState { adding(.underline) }
  /// This text struck through.
  public func strikethrough() -> TextState { adding(.strikethrough) }

  /// Both texts, one after the other, each with its own emphasis.
  public static func + (lhs: TextState, rhs: TextState) -> TextState {
    var joined = lhs
    joined.runs += rhs.runs
    return joined
  }

  private func adding(_ modifier: Modifier) -> TextState {
    var changed = self
    for index in changed.runs.indices where !changed.runs[index].modifiers.contains(modifier) {
      changed.runs[index].modifiers.append(modifier)
    }
    return changed
  }
}

extension String {
  /// The plain words of `state`, as swift-navigation's `String(state:)` gives them.
  public init(state: TextState) {
    self = state.description
  }
}
