import CoreUI

/// What Tab can complete on the screen shown: the names of its commands and the built-in
/// ones, and for each command the values its arguments name (screens, positions).
struct Completions: Sendable, Equatable {
  /// How many values a listing shows at most.
  static let listingLimit = 50

  private var names: [String] = []
  private var choices: [String: [ArgumentChoices]] = [:]

  /// Nothing to complete.
  init() {}

  /// Commands that take no argument values to offer (tests set the rest with
  /// ``setChoices(for:_:)``).
  init(names: [String]) {
    for name in names {
      add(name, [])
    }
  }

  /// What `command`'s arguments offer.
  mutating func setChoices(for command: String, _ arguments: [ArgumentChoices]) {
    if choices[command] == nil { names.append(command) }
    choices[command] = arguments
  }

  /// The commands a screen offers (those `help` lists) and the built-in ones.
  @MainActor
  init(commands: [TextCommand], builtIns: [(name: String, choices: [ArgumentChoices])]) {
    for command in commands where command.isListed {
      add(command.name, command.arguments.map(\.choices))
    }
    for builtIn in builtIns {
      add(builtIn.name, builtIn.choices)
    }
  }

  private mutating func add(_ name: String, _ arguments: [ArgumentChoices]) {
    guard choices[name] == nil else { return }
    names.append(name)
    choices[name] = arguments
  }

  /// The command names that start with `prefix`, in the order `help` lists them.
  func commands(startingWith prefix: String) -> [String] {
    names.filter { $0.hasPrefix(prefix) }
  }

  /// The values of `command`'s argument at `argument` that start with `prefix`; at most
  /// ``listingLimit`` + 1, so a caller can tell there are more.
  func values(for command: String, argument: Int, startingWith prefix: String) -> [String] {
    guard let arguments = choices[command], argument < arguments.count else { return [] }
    switch arguments[argument] {
    case .any:
      return []
    case .words(let words), .screens(let words):
      return words.filter { $0.hasPrefix(prefix) }
    case .numbers(let range):
      return Self.numbers(in: range, startingWith: prefix, limit: Self.listingLimit + 1)
    }
  }

  /// The numbers of `range` whose digits start with `prefix`, smallest first: for prefix 1,
  /// 1, then 10…19, then 100…199, so a range of a million numbers is never walked whole.
  static func numbers(
    in range: ClosedRange<Int>, startingWith prefix: String, limit: Int
  ) -> [String] {
    guard range.lowerBound >= 0 else {
      return range.lazy.map(String.init).filter { $0.hasPrefix(prefix) }.prefix(limit).map { $0 }
    }
    if prefix.isEmpty {
      return range.prefix(limit).map(String.init)
    }
    guard prefix.allSatisfy(\.isASCII), let start = Int(prefix), start >= 0,
      prefix == String(start)
    else { return [] }
    if start == 0 { return range.contains(0) ? ["0"] : [] }
    var found: [String] = []
    var low = start
    var high = start
    while low <= range.upperBound, found.count < limit {
      let from = max(low, range.lowerBound)
      let to = min(high, range.upperBound)
      if from <= to {
        for number in from...to where found.count < limit {
          found.append(String(number))
        }
      }
      let (nextLow, overflow) = low.multipliedReportingOverflow(by: 10)
      if overflow { break }
      low = nextLow
      let (tens, tensOverflow) = high.multipliedReportingOverflow(by: 10)
      high = tensOverflow ? Int.max : min(tens, Int.max - 9) + 9
    }
    return found
  }
}
