import CoreUI
import Testing

/// A command that names a screen to go back to, as a screen on a stack offers it.
@MainActor
@Suite("Screen choices")
struct ScreenChoicesTests {
  /// `popto`, as a feature that can route back to Hoge or Entry declares it; records the
  /// screen it was given.
  private func popto(_ received: Box) -> TextCommand {
    TextCommand(
      "popto", arguments: [.required("screen", choices: .screens(["hoge", "entry"]))],
      help: "Go back to the nearest hoge or entry screen"
    ) { arguments in
      received.value = try arguments.string(0)
    }
  }

  private final class Box {
    var value: String?
  }

  @Test("only the screens below that the command can name are offered, nearest first")
  func narrowed() {
    let command = popto(Box()).offeringScreens(["fuga", "entry", "hoge", "entry"], below: "Piyo")
    #expect(command.arguments.first?.choices == .screens(["entry", "hoge"]))
    #expect(command.usage == "popto entry|hoge")
    #expect(command.isListed)
  }

  @Test("a screen not below is refused with the ones it would accept, and nothing runs")
  func refusesScreensNotBelow() {
    let received = Box()
    let command = popto(received).offeringScreens(["entry"], below: "Fuga")
    #expect(throws: CommandError("'popto' goes back to a screen below Fuga: entry (got 'hoge')")) {
      try command.run(["hoge"])
    }
    #expect(throws: CommandError("'popto' goes back to a screen below Fuga: entry (got 'fuga')")) {
      try command.run(["fuga"])
    }
    #expect(received.value == nil)
    try? command.run(["entry"])
    #expect(received.value == "entry")
  }

  @Test("with no screen to name below, the command is not listed and says why when typed")
  func nothingBelow() {
    let command = popto(Box()).offeringScreens(["fuga"], below: "Fuga")
    #expect(!command.isListed)
    #expect(
      throws: CommandError(
        "'popto' has nowhere to go: no screen below Fuga is one it can go back to")
    ) {
      try command.run(["hoge"])
    }
  }

  @Test("a command with no screen argument is the same command; a missing word is still asked for")
  func othersUntouched() {
    let back = TextCommand("back", help: "Go back") { _ in }
    #expect(back.offeringScreens(["entry"], below: "Fuga").usage == "back")
    let command = popto(Box()).offeringScreens(["entry"], below: "Fuga")
    #expect(throws: CommandError("'popto' needs screen; usage: popto entry")) {
      try command.run([])
    }
  }

  @Test("usage shows a few words an argument takes, and its name for more or for numbers")
  func usage() {
    let few = TextCommand(
      "trace", arguments: [.required("mode", choices: .words(["on", "off"]))], help: ""
    ) { _ in }
    #expect(few.usage == "trace on|off")
    let many = TextCommand(
      "pick", arguments: [.optional("color", choices: .words(["a", "b", "c", "d", "e"]))], help: ""
    ) { _ in }
    #expect(many.usage == "pick [color]")
    let numbers = TextCommand(
      "open", arguments: [.required("N", choices: .numbers(1...9))], help: ""
    ) { _ in }
    #expect(numbers.usage == "open N")
  }
}
