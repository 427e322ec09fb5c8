import Testing

@testable import CoreConsole

/// The line editor's keys, as a person at the prompt uses them.
@Suite("Line editor")
struct LineEditorTests {
  /// An editor after `keys`, and every outcome they asked for.
  private func edit(_ keys: [TerminalKey], completions: Completions = Completions())
    -> (LineEditor, [LineEditor.Outcome])
  {
    var editor = LineEditor()
    editor.completions = completions
    var outcomes: [LineEditor.Outcome] = []
    for key in keys {
      outcomes += editor.handle(key)
    }
    return (editor, outcomes)
  }

  @Test("typing inserts at the cursor; left, right, Home, End and Ctrl-A/E move it")
  func moving() {
    let (editor, _) = edit([.text("hge"), .home, .right, .text("o"), .end, .text("!")])
    #expect(editor.text == "hoge!")
    let (moved, _) = edit([.text("abc"), .control("a"), .control("f"), .control("e"), .left])
    #expect(moved.cursor == 2)
  }

  @Test("backspace, delete, Ctrl-U, Ctrl-K, Ctrl-W cut; Ctrl-Y puts the last cut back")
  func deleting() {
    #expect(edit([.text("abc"), .backspace]).0.text == "ab")
    #expect(edit([.text("abc"), .home, .delete]).0.text == "bc")
    #expect(edit([.text("popto hoge"), .left, .left, .control("u")]).0.text == "ge")
    #expect(edit([.text("popto hoge"), .home, .wordRight, .control("k")]).0.text == "popto")
    #expect(edit([.text("name Tanaka Taro"), .control("w")]).0.text == "name Tanaka ")
    #expect(edit([.text("name Taro"), .control("w"), .home, .control("y")]).0.text == "Taroname ")
  }

  @Test("at the edges a key that can do nothing rings the bell and changes nothing")
  func edges() {
    let (editor, outcomes) = edit([.backspace, .left, .right, .delete, .up, .down])
    #expect(editor.text.isEmpty)
    #expect(outcomes == [.bell, .bell, .bell, .bell, .bell, .bell])
  }

  @Test("Enter submits the line and starts an empty one")
  func submitting() {
    let (editor, outcomes) = edit([.text("hoge"), .left, .enter])
    #expect(outcomes == [.submit("hoge")])
    #expect(editor.text.isEmpty)
    #expect(editor.cursor == 0)
  }

  @Test("up and down walk the session's lines; the line being typed comes back after them")
  func history() {
    var (editor, _) = edit([.text("hoge"), .enter, .text("fuga"), .enter, .text("pi")])
    editor.handle(.up)
    #expect(editor.text == "fuga")
    editor.handle(.up)
    #expect(editor.text == "hoge")
    #expect(editor.handle(.up) == [.bell])
    editor.handle(.down)
    editor.handle(.down)
    #expect(editor.text == "pi")
    #expect(editor.cursor == 2)
    #expect(editor.history == ["hoge", "fuga"])
  }

  @Test("blank lines and a repeat of the last line stay out of the history")
  func historyKeepsWhatHelps() {
    let (editor, _) = edit([.text("show"), .enter, .text("show"), .enter, .text("  "), .enter])
    #expect(editor.history == ["show"])
  }

  @Test("Ctrl-C clears a line; on an empty one it interrupts. Ctrl-D quits on an empty line")
  func controlCAndD() {
    let (cleared, outcomes) = edit([.text("hoge"), .control("c")])
    #expect(cleared.text.isEmpty)
    #expect(outcomes.isEmpty)
    #expect(edit([.control("c")]).1 == [.interrupt])
    #expect(edit([.control("d")]).1 == [.endOfInput])
    #expect(edit([.text("ab"), .home, .control("d")]).0.text == "b")
  }

  @Test("Ctrl-Z asks to suspend the program, keeping the line typed so far")
  func controlZ() {
    let (editor, outcomes) = edit([.text("hoge"), .control("z")])
    #expect(outcomes == [.suspend])
    #expect(editor.text == "hoge")
  }

  @Test("a paste goes in as text: line breaks end lines, tabs become spaces, controls drop")
  func pasting() {
    let (editor, outcomes) = edit([.paste("add\tMilk\u{1B}\nhoge\r\nname X")])
    #expect(outcomes == [.submit("add Milk"), .submit("hoge")])
    #expect(editor.text == "name X")
  }

  @Test("past its byte limit a line takes nothing more and rings the bell")
  func limit() {
    var editor = LineEditor()
    editor.maximumBytes = 5
    #expect(editor.handle(.text("日")).isEmpty)
    #expect(editor.handle(.text("日")) == [.bell])
    #expect(editor.handle(.paste("ab")).isEmpty)
    #expect(editor.text == "日ab")
  }

  @Test("wide and combining characters move as one character each")
  func wideCharacters() {
    let (editor, _) = edit([.text("日本e\u{301}"), .left, .left, .text("x")])
    #expect(editor.text == "日x本e\u{301}")
    #expect(editor.cursor == 2)
  }

  @Test("Tab completes a command, then an argument's values; several choices are listed")
  func completion() {
    var completions = Completions(names: ["popto", "push", "help"])
    completions.setChoices(for: "popto", [.screens(["hoge", "entry"])])
    #expect(edit([.text("po"), .tab], completions: completions).0.text == "popto ")
    #expect(edit([.text("popto e"), .tab], completions: completions).0.text == "popto entry ")
    #expect(
      edit([.text("p"), .tab], completions: completions).1 == [.showChoices(["popto", "push"])])
    #expect(
      edit([.text("popto "), .tab], completions: completions).1 == [
        .showChoices(["hoge", "entry"])
      ])
    #expect(edit([.text("x"), .tab], completions: completions).1 == [.bell])
    // In the middle of a word Tab does nothing.
    #expect(edit([.text("poto"), .left, .tab], completions: completions).1 == [.bell])
  }

  @Test("a common start of several choices is completed before they are listed")
  func commonPrefix() {
    let completions = Completions(names: ["delete", "deliver"])
    #expect(edit([.text("d"), .tab], completions: completions).0.text == "del")
  }
}

@Suite("Completions")
struct CompletionsTests {
  @Test("numbers with a prefix come smallest first, never walking the whole range")
  func numbers() {
    #expect(Completions.numbers(in: 1...3, startingWith: "", limit: 10) == ["1", "2", "3"])
    let twos: [String] = ["2"] + (20...29).map { String($0) } + ["200"]
    #expect(Completions.numbers(in: 1...200, startingWith: "2", limit: 20) == twos)
    #expect(
      Completions.numbers(in: 1...1_000_000, startingWith: "99999", limit: 3) == [
        "99999", "999990", "999991",
      ])
    #expect(Completions.numbers(in: 5...9, startingWith: "1", limit: 5).isEmpty)
    #expect(Completions.numbers(in: 1...9, startingWith: "0", limit: 5).isEmpty)
    #expect(Completions.numbers(in: 1...9, startingWith: "01", limit: 5).isEmpty)
    #expect(Completions.numbers(in: 1...9, startingWith: "x", limit: 5).isEmpty)
    #expect(Completions.numbers(in: 1...Int.max, startingWith: "9", limit: 2) == ["9", "90"])
  }
}

@Suite("Key decoder")
struct TerminalKeyDecoderTests {
  private func keys(_ text: String) -> [TerminalKey] {
    var decoder = TerminalKeyDecoder()
    return decoder.feed(Array(text.utf8))
  }

  @Test("arrows, Home/End, Delete and word moves in the spellings terminals send")
  func sequences() {
    #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
    #expect(keys("\u{1B}OA\u{1B}OH\u{1B}OF") == [.up, .home, .end])
    #expect(
      keys("\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~\u{1B}[H\u{1B}[F") == [
        .home, .end, .home, .end, .home, .end,
      ])
    #expect(keys("\u{1B}[3~") == [.delete])
    #expect(
      keys("\u{1B}[1;5C\u{1B}[1;5D\u{1B}b\u{1B}f") == [
        .wordRight, .wordLeft, .wordLeft, .wordRight,
      ])
    #expect(keys("\u{1B}[15~") == [.ignored])
  }

  @Test("Enter as CR, LF or CR LF is one Enter; Tab, Backspace and control letters")
  func controls() {
    let expected: [TerminalKey] = [
      .text("a"), .enter, .text("b"), .enter, .text("c"), .enter, .text("d"),
    ]
    #expect(keys("a\rb\nc\r\nd") == expected)
    #expect(keys("\r\r") == [.enter, .enter])
    #expect(
      keys("\t\u{7F}\u{8}\u{1}\u{3}\u{4}") == [
        .tab, .backspace, .backspace, .control("a"), .control("c"), .control("d"),
      ])
  }

  @Test("a sequence or a character cut between two reads is decoded once both have come")
  func splitReads() {
    var decoder = TerminalKeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.isWaitingForSequence)
    #expect(decoder.feed(Array("[".utf8)).isEmpty)
    #expect(decoder.feed(Array("D".utf8)) == [.left])
    let bytes = Array("日".utf8)
    #expect(decoder.feed(bytes[..<1]).isEmpty)
    #expect(decoder.feed(bytes[1...]) == [.text("日")])
  }

  @Test("a lone Escape is dropped when nothing follows it")
  func loneEscape() {
    var decoder = TerminalKeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.flush() == [.ignored])
    #expect(decoder.feed(Array("a".utf8)) == [.text("a")])
  }

  @Test("a bracketed paste is one paste, its Tab, Enter and escapes included, across reads")
  func paste() {
    var decoder = TerminalKeyDecoder()
    let pasted = "\u{1B}[200~add\tMilk\nho\u{1B}[Age\u{1B}[201~x"
    let bytes = Array(pasted.utf8)
    var found: [TerminalKey] = []
    for byte in bytes {
      found += decoder.feed([byte])
    }
    #expect(found == [.ignored, .paste("add\tMilk\nho\u{1B}[Age"), .text("x")])
  }

  @Test("a paste whose end never comes goes on in pieces: what is held stays bounded, nothing lost")
  func endlessPaste() {
    var decoder = TerminalKeyDecoder()
    var pasted = ""
    #expect(decoder.feed(Array("\u{1B}[200~".utf8)) == [.ignored])
    // 4 MiB of text with two-byte characters and CR LF pairs, in 4 KiB reads.
    let chunk = Array(String(repeating: "é-line\r\n", count: 455).utf8.prefix(4_096))
    var most = 0
    for _ in 0..<1_024 {
      for key in decoder.feed(chunk) {
        guard case .paste(let piece) = key else {
          Issue.record("expected only paste pieces, got \(key)")
          return
        }
        pasted += piece
      }
      most = max(most, decoder.heldByteCount)
    }
    #expect(most <= TerminalKeyDecoder.pastePieceLength + chunk.count)
    for key in decoder.feed(Array("\u{1B}[201~".utf8)) {
      if case .paste(let piece) = key { pasted += piece }
    }
    // Every byte came out once, no character split, no CR parted from its LF.
    #expect(Array(pasted.utf8) == Array(repeating: chunk, count: 1_024).flatMap { $0 })
    #expect(decoder.heldByteCount == 0)
  }

  @Test("a CSI sequence that never ends is dropped past its limit; keys after it still decode")
  func endlessSequence() {
    var decoder = TerminalKeyDecoder()
    var keys = decoder.feed(Array("\u{1B}[".utf8))
    var most = 0
    for _ in 0..<256 {
      keys += decoder.feed(Array(repeating: UInt8(ascii: "9"), count: 4_096))
      most = max(most, decoder.heldByteCount)
    }
    #expect(most <= TerminalKeyDecoder.maximumSequenceLength + 4_096)
    #expect(keys.allSatisfy { $0 == .ignored })
    // Its final byte ends it, dropped; what follows is typed again.
    #expect(decoder.feed(Array("~ab\u{1B}[D".utf8)) == [.text("ab"), .left])
  }

  @Test("invalid UTF-8 becomes the replacement character, and decoding goes on")
  func invalidUTF8() {
    var decoder = TerminalKeyDecoder()
    #expect(decoder.feed([0xFF, 0x61]) == [.text("\u{FFFD}a")])
  }
}

@Suite("Prompt line")
struct PromptLineTests {
  @Test("the prompt and the line, cleared to the end, the cursor counted in columns")
  func plain() {
    #expect(
      PromptLine.draw(prompt: "> ", characters: Array("hoge"), cursor: 2, columns: 80)
        == "\r> hoge\u{1B}[K\r\u{1B}[4C")
    #expect(
      PromptLine.draw(prompt: "> ", characters: Array("日本"), cursor: 1, columns: 80)
        == "\r> 日本\u{1B}[K\r\u{1B}[4C")
    #expect(
      PromptLine.draw(prompt: "> ", characters: Array("e\u{301}x"), cursor: 1, columns: 80)
        == "\r> e\u{301}x\u{1B}[K\r\u{1B}[3C")
  }

  @Test("a line wider than the terminal scrolls so the cursor stays on screen, never wraps")
  func scrolling() {
    let line = Array(String(repeating: "a", count: 30) + "XYZ")
    let drawn = PromptLine.draw(prompt: "> ", characters: line, cursor: line.count, columns: 20)
    // 19 usable columns: the prompt, then the 17 characters before the cursor.
    #expect(drawn == "\r> " + String(repeating: "a", count: 14) + "XYZ\u{1B}[K\r\u{1B}[19C")
    let start = PromptLine.draw(prompt: "> ", characters: line, cursor: 0, columns: 20)
    #expect(start == "\r> " + String(repeating: "a", count: 17) + "\u{1B}[K\r\u{1B}[2C")
  }
}

@Suite("Display width")
struct DisplayWidthTests {
  @Test("CJK and emoji take two columns, combining marks none, the rest one")
  func widths() {
    #expect(DisplayWidth.of("a") == 1)
    #expect(DisplayWidth.of("日") == 2)
    #expect(DisplayWidth.of("ｱ") == 1)
    #expect(DisplayWidth.of("Ａ") == 2)
    #expect(DisplayWidth.of("한") == 2)
    #expect(DisplayWidth.of("👍") == 2)
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect(DisplayWidth.of("\u{301}") == 0)
    #expect(DisplayWidth.of("日本語 ok") == 9)
    #expect(DisplayWidth.of("❤\u{FE0F}") == 2)
  }

  @Test("a screen's rows count the lines that wrap")
  func rows() {
    #expect(
      TerminalConsole.rows(of: ["ab", "", String(repeating: "x", count: 25)], columns: 10) == 5)
    #expect(TerminalConsole.rows(of: [String(repeating: "日", count: 5)], columns: 10) == 1)
  }
}
