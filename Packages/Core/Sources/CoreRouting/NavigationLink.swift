import Foundation

/// A deep link: the screens of one stack as text, `items/3/hoge?name=Tea`, one segment per
/// screen (or per destination a screen opens inside itself). The App maps segments to the
/// routes its features declare, both ways (an identifier ↔ state mapping), so a link
/// builds the same screens a person would open by hand, and every stack prints as a link.
///
/// ```swift
/// let link = try NavigationLink(parsing: "hoge/fuga?name=Ann")
/// link.segments[1].name            // "fuga"
/// link.description                 // "hoge/fuga?name=Ann"
/// ```
public struct NavigationLink: Equatable, Sendable, CustomStringConvertible {
  /// The segments, the bottom screen's first.
  public var segments: [LinkSegment]

  /// A link of these segments.
  public init(_ segments: [LinkSegment]) {
    self.segments = segments
  }

  /// Reads `text`: segments split by `/`, each `name` or `name?label=value&label=value`, values
  /// percent-encoded. Throws one line that says what is wrong, for a person to fix.
  public init(parsing text: String) throws(NavigationLinkError) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { throw .empty }
    var segments: [LinkSegment] = []
    for part in trimmed.split(separator: "/", omittingEmptySubsequences: false) {
      segments.append(try LinkSegment(parsing: String(part), in: trimmed))
    }
    self.segments = segments
  }

  /// `items/3/hoge?name=Tea`.
  public var description: String {
    segments.map(\.description).joined(separator: "/")
  }
}

/// One screen of a link: the name a route gives it (or a destination's identifier) and the
/// values the route carries.
public struct LinkSegment: Equatable, Sendable, CustomStringConvertible {
  /// The route case's name, or a screen's own identifier (`3` for the third item).
  public var name: String
  /// The route's values by label, in order.
  public var values: [Value]

  /// A label and its value, as text.
  public struct Value: Equatable, Sendable {
    /// The route value's label.
    public var label: String
    /// The value, as `LosslessStringConvertible` prints it.
    public var text: String

    /// `label=text`.
    public init(_ label: String, _ text: String) {
      self.label = label
      self.text = text
    }
  }

  /// A segment named `name` with `values`.
  public init(_ name: String, _ values: [Value] = []) {
    self.name = name
    self.values = values
  }

  /// One segment's text (`fuga?name=Ann`); `link` is the whole link, for the message.
  init(parsing text: String, in link: String) throws(NavigationLinkError) {
    let parts = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    guard let name = parts[0].removingPercentEncoding, !name.isEmpty else {
      throw .badSegment(text.isEmpty ? "an empty segment (two / in a row?)" : "'\(text)'", link)
    }
    var values: [Value] = []
    if parts.count == 2 {
      for pair in parts[1].split(separator: "&") {
        let sides = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard sides.count == 2, let label = sides[0].removingPercentEncoding, !label.isEmpty,
          let value = sides[1].removingPercentEncoding
        else {
          throw .badSegment("'\(text)' (each value is label=value, percent-encoded)", link)
        }
        values.append(Value(label, value))
      }
    }
    self.init(name, values)
  }

  /// The value labelled `label`, read as `Kept`; throws when it is missing or is not one.
  public func value<Kept: LosslessStringConvertible>(_ label: String, as _: Kept.Type = Kept.self)
    throws(NavigationLinkError) -> Kept
  {
    guard let text = values.first(where: { $0.label == label })?.text else {
      throw .missingValue(name, label)
    }
    guard let value = Kept(text) else {
      throw .badValue(name, label, text)
    }
    return value
  }

  /// `fuga?name=Bo%20Li`: the name and values percent-encoded where they hold anything but
  /// letters, digits and `-._~`.
  public var description: String {
    guard !values.isEmpty else { return Self.encoded(name) }
    let query = values.map { Self.encoded($0.label) + "=" + Self.encoded($0.text) }
    return Self.encoded(name) + "?" + query.joined(separator: "&")
  }

  private static let plain = CharacterSet(
    charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

  private static func encoded(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: plain) ?? text
  }
}

/// Why a link cannot be opened, as one line for a person.
public enum NavigationLinkError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Nothing was given.
  case empty
  /// A segment that cannot be read: what it is, and the whole link.
  case badSegment(String, String)
  /// A route needs a value the segment does not give: the segment's name and the label.
  case missingValue(String, String)
  /// A value that is not of the route's type: segment, label, text.
  case badValue(String, String, String)
  /// No route of the screen below, and nothing inside it, is called this: the screen's
  /// title, the segment's name, and what it can open.
  case cannotOpen(String, String, [String])
  /// The screen exists but what the segment names is gone: the reason.
  case gone(String)
  /// The segment names a tab's root: a link starts with a tab, never pushes one.
  case tabInside(String)
  /// The link names more screens than a stack holds: the most it holds over its root.
  case tooDeep(Int)
  /// The link's first segment names a tab with values, which a tab does not take.
  case tabWithValues(String)

  /// The message.
  public var description: String {
    switch self {
    case .empty:
      "The link is empty; a link names a tab, then its screens: tab/screen/screen?name=value."
    case .badSegment(let segment, let link):
      "The link \(link) has \(segment); a link names a tab, then its screens: tab/screen/screen?name=value."
    case .missingValue(let name, let label):
      "\(name) needs a value for \(label): \(name)?\(label)=…"
    case .badValue(let name, let label, let text):
      "\(name)?\(label)=\(text) is not a value \(name) takes."
    case .cannotOpen(let screen, let name, let choices):
      "\(screen) cannot open \(name)"
        + (choices.isEmpty
          ? "; it opens nothing." : "; it opens \(choices.joined(separator: ", ")).")
    case .gone(let reason):
      reason
    case .tabInside(let name):
      "\(name) is a tab of its own; start the link with it (\(name)/…)."
    case .tooDeep(let most):
      "A stack holds at most \(most) screens over its first; the link names more."
    case .tabWithValues(let tab):
      "a tab takes no values; write \(tab)/…"
    }
  }
}
