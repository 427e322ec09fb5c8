import CoreUI
import Testing

/// Numbers typed as command arguments: parsed with bounds, refused with a reason.
@MainActor
@Suite("Command arguments")
struct CommandArgumentsTests {
  private func parse(_ word: String, in range: ClosedRange<Int>? = nil) -> Result<Int, CommandError>
  {
    var parsed: Result<Int, CommandError> = .failure(CommandError("not run"))
    let command = TextCommand("qty", arguments: [.required("N")], help: "Set N") { arguments in
      do {
        let number = try range.map { try arguments.int(0, in: $0) } ?? arguments.int(0)
        parsed = .success(number)
      } catch let error as CommandError {
        parsed = .failure(error)
      }
    }
    try? command.run([word])
    return parsed
  }

  @Test("whole numbers within the range are read, the extremes of Int included")
  func inRange() {
    #expect(parse("42") == .success(42))
    #expect(parse("-9223372036854775808") == .success(Int.min))
    #expect(parse("9999", in: 0...9999) == .success(9999))
  }

  @Test(
    "a number too large, or outside the range, is out of range; a word is not a number",
    arguments: [
      (
        "99999999999999999999", nil,
        "N is out of range, got 99999999999999999999; numbers go from -9223372036854775808"
      ),
      ("-99999999999999999999", nil, "N is out of range, got -99999999999999999999"),
      ("10000", 0...9999, "N is out of range, got 10000; use 0 to 9999"),
      ("-1", 0...9999, "N is out of range, got -1; use 0 to 9999"),
      ("twelve", 0...9999, "N must be a whole number, got 'twelve'"),
      ("1.5", nil, "N must be a whole number, got '1.5'"),
      ("-", nil, "N must be a whole number, got '-'"),
      ("٣", nil, "N must be a whole number, got '٣'"),
    ] as [(String, ClosedRange<Int>?, String)])
  func refused(word: String, range: ClosedRange<Int>?, message: String) {
    guard case .failure(let error) = parse(word, in: range) else {
      Issue.record("\(word) was accepted")
      return
    }
    #expect(error.message.hasPrefix(message), "\(error.message)")
  }
}

/// Too many words for a command: the hint about quoting only where it helps.
@MainActor
@Suite("Argument counts")
struct ArgumentCountTests {
  private func error(running command: TextCommand, with words: [String]) -> String? {
    do {
      try command.run(words)
      return nil
    } catch {
      return error.message
    }
  }

  @Test("a command that takes text suggests quoting when given a word too many")
  func quotingHintForText() {
    let add = TextCommand("add", arguments: [.required("name")], help: "Add") { _ in }
    #expect(
      error(running: add, with: ["Green", "tea"])
        == "'add' takes 1 argument, got 2; usage: add name (quote text with spaces)")
  }

  @Test("a command that takes nothing says so, without a quoting hint that does not apply")
  func noHintWithoutArguments() {
    let items = TextCommand("items", help: "Open the list") { _ in }
    #expect(
      error(running: items, with: ["3"]) == "'items' takes 0 arguments, got 1; usage: items")
  }
}
