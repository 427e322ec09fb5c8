/// One command a person may type on a screen: its name, its arguments, one line of help, and
/// what it does (usually: send an action).
///
/// ```swift
/// TextCommand("open", arguments: [.required("N")], help: "Show item N") { arguments in
///   store.send(.openTapped(index: try arguments.int(0)))
/// }
/// ```
@MainActor
public struct TextCommand {
  /// What a person types, like `open`.
  public let name: String
  /// The arguments it takes, in order.
  public let arguments: [CommandArgument]
  /// One line shown by `help`.
  public let help: String
  /// Whether `help` lists it. A command that only explains why it cannot work on this screen
  /// (`back` on the first one) still answers when typed, but is not offered.
  public let isListed: Bool
  private let perform: @MainActor (CommandArguments) throws -> Void

  /// Declares a command. `perform` gets the typed arguments and throws (usually a
  /// ``CommandError``) to refuse them; the console shows the error as one line.
  public init(
    _ name: String,
    arguments: [CommandArgument] = [],
    help: String,
    isListed: Bool = true,
    perform: @escaping @MainActor (CommandArguments) throws -> Void
  ) {
    self.name = name
    self.arguments = arguments
    self.help = help
    self.isListed = isListed
    self.perform = perform
  }

  /// `open N [note]`: the name and its arguments.
  public var usage: String {
    ([name] + arguments.map(\.usage)).joined(separator: " ")
  }

  /// Checks the argument count, then runs the command.
  public func run(_ words: [String]) throws(CommandError) {
    let required = arguments.filter { !$0.isOptional }.count
    if words.count < required {
      let missing = arguments[words.count...].filter { !$0.isOptional }.map(\.name)
      throw CommandError(
        "'\(name)' needs \(missing.joined(separator: " ")); usage: \(usage)")
    }
    if words.count > arguments.count {
      // Quoting helps only a command that takes text: one word too many is its text split.
      let hint = arguments.isEmpty ? "" : " (quote text with spaces)"
      throw CommandError(
        "'\(name)' takes \(arguments.count) argument\(arguments.count == 1 ? "" : "s"), "
          + "got \(words.count); usage: \(usage)\(hint)")
    }
    do {
      try perform(CommandArguments(words, command: self))
    } catch let error as CommandError {
      throw error
    } catch {
      throw CommandError("'\(name)' failed: \(error)")
    }
  }
}

/// One argument of a ``TextCommand``.
public struct CommandArgument: Sendable, Equatable {
  /// The name shown in usage, like `N`.
  public let name: String
  /// Whether the command runs without it.
  public let isOptional: Bool
  /// The values a console offers for it (Tab completion); ``ArgumentChoices/any`` for free text.
  public let choices: ArgumentChoices

  /// An argument that must be given, with the values it names, if any.
  public static func required(_ name: String, choices: ArgumentChoices = .any) -> CommandArgument {
    CommandArgument(name: name, isOptional: false, choices: choices)
  }

  /// An argument that may be left out, with the values it names, if any.
  public static func optional(_ name: String, choices: ArgumentChoices = .any) -> CommandArgument {
    CommandArgument(name: name, isOptional: true, choices: choices)
  }

  /// `N`, `[text]`, or the words it names when there are a few: `hoge|entry`.
  var usage: String {
    let shown: String
    switch choices {
    case .words(let words) where (1...4).contains(words.count),
      .screens(let words) where (1...4).contains(words.count):
      shown = words.joined(separator: "|")
    default:
      shown = name
    }
    return isOptional ? "[\(shown)]" : shown
  }
}

/// The values an argument names, for a console to offer as the person types.
///
/// ```swift
/// .required("N", choices: .numbers(1...store.state.rows.count))
/// .required("screen", choices: .screens(["hoge", "entry"]))
/// ```
public enum ArgumentChoices: Sendable, Equatable {
  /// Any text: nothing to offer.
  case any
  /// One of these words.
  case words([String])
  /// A whole number in this range (a position in a list).
  case numbers(ClosedRange<Int>)
  /// A screen to go back to, of those the feature can name: whoever shows the screen on a
  /// stack narrows them to the ones below it (``TextCommand/offeringScreens(_:below:)``).
  case screens([String])
}

/// The words typed after a command's name, with typed accessors that explain a bad value.
@MainActor
public struct CommandArguments {
  /// The words as typed (quotes removed).
  public let words: [String]
  private let command: TextCommand

  init(_ words: [String], command: TextCommand) {
    self.words = words
    self.command = command
  }

  /// The word at `index`, or nil when an optional argument was left out.
  public func optionalString(_ index: Int) -> String? {
    index < words.count ? words[index] : nil
  }

  /// The word at `index`.
  public func string(_ index: Int) throws(CommandError) -> String {
    guard let word = optionalString(index) else {
      throw CommandError("'\(command.name)' needs \(argumentName(index)); usage: \(command.usage)")
    }
    return word
  }

  /// The word at `index` as a whole number. A number too large for `Int` is refused as out
  /// of range, not as "not a number".
  public func int(_ index: Int) throws(CommandError) -> Int {
    try int(index, in: Int.min...Int.max)
  }

  /// The word at `index` as a whole number within `range`.
  ///
  /// ```swift
  /// store.send(.quantityChanged(try arguments.int(0, in: 0...9999)))
  /// ```
  public func int(_ index: Int, in range: ClosedRange<Int>) throws(CommandError) -> Int {
    let word = try string(index)
    let name = argumentName(index)
    let bounds =
      range == Int.min...Int.max
      ? "numbers go from \(Int.min) to \(Int.max)"
      : "use \(range.lowerBound) to \(range.upperBound)"
    guard let number = Int(word) else {
      let digits = word.first == "-" || word.first == "+" ? word.dropFirst() : word[...]
      if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) {
        throw CommandError("\(name) is out of range, got \(word); \(bounds)")
      }
      throw CommandError(
        "\(name) must be a whole number, got '\(word)'; usage: \(command.usage)")
    }
    guard range.contains(number) else {
      throw CommandError("\(name) is out of range, got \(number); \(bounds)")
    }
    return number
  }

  private func argumentName(_ index: Int) -> String {
    index < command.arguments.count ? command.arguments[index].name : "argument \(index + 1)"
  }
}

/// Why a command refused its input: one line that says what was wrong and what to do.
public struct CommandError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The message shown to the person.
  public let message: String

  /// An error with this message.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
