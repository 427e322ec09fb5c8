import CoreConsole
import CoreStore
import CoreUI
import Foundation
import Testing

/// The screen cannot be taken over: stored control characters show escaped, typed ones are
/// refused (an arrow key included).
@MainActor
@Suite("Control characters")
struct ControlCharacterTests {
  @Test("ESC, BEL, NUL, C1 and bidi overrides are written out; other text is left alone")
  func escaping() {
    #expect(ControlCharacters.escaped("\u{1B}[2J") == "\\u{1B}[2J")
    #expect(ControlCharacters.escaped("a\u{7}b\u{0}c") == "a\\u{7}b\\u{0}c")
    #expect(ControlCharacters.escaped("\u{9B}31m") == "\\u{9B}31m")
    #expect(ControlCharacters.escaped("abc\u{202E}def") == "abc\\u{202E}def")
    #expect(ControlCharacters.escaped("Grüße, 牛乳 ×2 — oat") == "Grüße, 牛乳 ×2 — oat")
    #expect(!ControlCharacters.contains("tea ×2"))
  }

  @Test("a state holding control characters renders them escaped on the screen")
  func storedTextIsEscaped() async {
    var state = Tally.State()
    state.note = "\u{1B}]0;pwned\u{7}\u{1B}[2J"
    let console = Console(initialState: state) {
      Tally()
    } view: {
      TallyView(store: $0)
    }
    let output = ConsoleOutput.buffer()
    _ = await console.run(
      input: .lines([]), output: output, options: ConsoleOptions(mode: .script))
    #expect(output.text.contains("Note: \\u{1B}]0;pwned\\u{7}\\u{1B}[2J"))
    #expect(!output.text.unicodeScalars.contains { $0.value == 0x1B })
  }

  @Test("a typed line with control characters, an arrow key say, is refused with one line")
  func typedControlCharactersRefused() async {
    let (transcript, exit) = await runTally(["note \"\u{1B}[2J\"", "\u{1B}[A"], keepGoing: true)
    #expect(
      transcript.contains(
        "error: line 1: the line holds control characters (an arrow key, ESC or a pasted "
          + "escape); type plain text"))
    #expect(transcript.contains("> \\u{1B}[A\nerror: line 2:"))
    #expect(!transcript.unicodeScalars.contains { $0.value == 0x1B })
    #expect(exit.status == 1)
  }
}
