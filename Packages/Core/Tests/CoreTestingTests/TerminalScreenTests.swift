import CoreTesting
import Testing

/// The screen a test reads a terminal program by: what a VT100 would show.
@Suite("Terminal screen")
struct TerminalScreenTests {
  private func screen(_ text: String, columns: Int = 20, rows: Int = 5) -> TerminalScreen {
    var screen = TerminalScreen(columns: columns, rows: rows)
    screen.feed(Array(text.utf8))
    return screen
  }

  @Test("carriage return overwrites, erase clears to the end, the cursor moves by columns")
  func overwriting() {
    let drawn = screen("> hello\r> he\u{1B}[K\r\u{1B}[3C")
    #expect(drawn.lines == ["> he"])
    #expect(drawn.cursor.column == 3)
  }

  @Test("wide characters take two cells, combining marks none")
  func widths() {
    let drawn = screen("日本e\u{301}x")
    #expect(drawn.lines == ["日本e\u{301}x"])
    #expect(drawn.cursor.column == 6)
  }

  @Test("text past the right edge wraps; a character in the last column waits to wrap")
  func wrapping() {
    let full = screen("abcde", columns: 5)
    #expect(full.lines == ["abcde"])
    #expect(full.cursor.row == 0)
    #expect(screen("abcdef", columns: 5).lines == ["abcde", "f"])
    #expect(screen("abcde\r\n", columns: 5).lines == ["abcde", ""])
  }

  @Test("up and erase-below redraw rows in place; up never leaves the visible rows")
  func inPlace() {
    let drawn = screen("a\r\nb\r\n> \u{1B}[2A\r\u{1B}[Jc\r\nd\r\n> x", rows: 5)
    #expect(drawn.lines == ["c", "d", "> x"])
    let scrolled = screen("1\r\n2\r\n3\r\n4\u{1B}[9A\rX", rows: 2)
    #expect(scrolled.lines == ["1", "2", "X", "4"])
  }

  @Test("private modes (bracketed paste) and the bell draw nothing")
  func ignored() {
    #expect(screen("\u{1B}[?2004ha\u{7}b").lines == ["ab"])
  }
}
