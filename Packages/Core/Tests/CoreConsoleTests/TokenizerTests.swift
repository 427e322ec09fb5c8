import CoreConsole
import CoreUI
import Testing

@Suite("CommandLineTokenizer")
struct TokenizerTests {
  @Test(
    "splits words and keeps quoted text together",
    arguments: [
      ("add milk", ["add", "milk"]),
      (#"add "oat milk" 2"#, ["add", "oat milk", "2"]),
      ("add 'single quoted'", ["add", "single quoted"]),
      (#"say "it's""#, ["say", "it's"]),
      (#"a\ b c"#, ["a b", "c"]),
      ("  spaced \t out  ", ["spaced", "out"]),
      (#"empty """#, ["empty", ""]),
      (#"glued"quoted part"tail"#, ["gluedquoted parttail"]),
      ("名前 \"日本語 テキスト\" 🚂", ["名前", "日本語 テキスト", "🚂"]),
    ])
  func words(line: String, expected: [String]) throws {
    #expect(try CommandLineTokenizer.words(in: line) == expected)
  }

  @Test("a blank line has no words")
  func blank() throws {
    #expect(try CommandLineTokenizer.words(in: "") == [])
    #expect(try CommandLineTokenizer.words(in: "   ") == [])
  }

  @Test("an unclosed quote is an error that says where it opened")
  func unterminatedQuote() {
    #expect(throws: CommandLineTokenizer.Failure.unterminatedQuote("\"", offset: 4)) {
      try CommandLineTokenizer.words(in: #"add "milk"#)
    }
    #expect(throws: CommandLineTokenizer.Failure.unterminatedQuote("'", offset: 0)) {
      try CommandLineTokenizer.words(in: "'")
    }
    let message = CommandLineTokenizer.Failure.unterminatedQuote("\"", offset: 4).description
    #expect(message.contains("column 5"))
  }

  @Test("a trailing backslash is an error")
  func danglingEscape() {
    #expect(throws: CommandLineTokenizer.Failure.danglingEscape) {
      try CommandLineTokenizer.words(in: #"add milk\"#)
    }
    #expect(CommandLineTokenizer.Failure.danglingEscape.description.contains("escapes nothing"))
  }
}

@Suite("LineSplitter")
struct LineSplitterTests {
  @Test("cuts at newlines, drops a carriage return, and keeps a last line with no newline")
  func splits() {
    var splitter = LineSplitter()
    #expect(splitter.feed(Array("one\r\ntw".utf8)) == [.text("one")])
    #expect(splitter.feed(Array("o\n\nthree".utf8)) == [.text("two"), .text("")])
    #expect(splitter.finish() == [.text("three")])
    #expect(splitter.finish() == [])
  }

  @Test("invalid UTF-8 becomes its own line and the next line still reads")
  func invalidUTF8() {
    var splitter = LineSplitter()
    let bytes: [UInt8] = [0x66, 0xFF, 0xFE, 0x0A] + Array("help\n".utf8)
    #expect(splitter.feed(bytes) == [.invalidUTF8, .text("help")])
  }

  @Test("an over-long line is reported once, as soon as it passes the limit, and not kept")
  func tooLong() {
    var splitter = LineSplitter(maximumLength: 8)
    let lines = splitter.feed(Array((String(repeating: "x", count: 1_000_000) + "\nok\n").utf8))
    #expect(lines == [.tooLong(byteCount: 9), .text("ok")])
    #expect(splitter.feed(Array("12345678\n".utf8)) == [.text("12345678")])
    #expect(splitter.feed(Array("12345678\r\n".utf8)) == [.text("12345678")])
    #expect(splitter.feed(Array("123456789\n".utf8)) == [.tooLong(byteCount: 9)])
  }

  @Test("a line that never ends is reported before its end arrives; the rest of it is dropped")
  func lineInProgress() {
    var splitter = LineSplitter(maximumLength: 8)
    #expect(splitter.feed(repeatElement(0, count: 5)) == [])
    #expect(splitter.feed(repeatElement(0, count: 5)) == [.tooLong(byteCount: 9)])
    for _ in 0..<1_000 {
      #expect(splitter.feed(repeatElement(0, count: 4096)) == [])
    }
    #expect(splitter.finish() == [])
    #expect(splitter.feed(Array("ok\n".utf8)) == [.text("ok")])
    #expect(splitter.feed(Array("\n".utf8)) == [.text("")])
  }
}
