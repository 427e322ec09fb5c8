/// The line a person is typing at the prompt and what editing keys do to it: moving, deleting,
/// history, Tab completion. Knows nothing of terminals: ``TerminalConsole`` feeds it keys and
/// draws what it holds.
///
/// ```swift
/// var editor = LineEditor()
/// editor.handle(.text("hoge"))
/// editor.handle(.enter)  // [.submit("hoge")]
/// ```
struct LineEditor {
  /// What a key asks of whoever runs the editor, beside redrawing the line.
  enum Outcome: Equatable {
    /// A line was entered.
    case submit(String)
    /// Ctrl-D on an empty line: no more input.
    case endOfInput
    /// Ctrl-C on an empty line: interrupt the program, as Ctrl-C does outside a line editor.
    case interrupt
    /// Several completions fit: show them above the prompt.
    case showChoices([String])
    /// Ctrl-L: clear the screen.
    case clearScreen
    /// Ctrl-Z: suspend the program, as Ctrl-Z does outside a line editor.
    case suspend
    /// The key could do nothing here (no completion, the start of the line).
    case bell
  }

  /// The characters of the line.
  private(set) var characters: [Character] = []
  /// Where the cursor is: the number of characters before it.
  private(set) var cursor = 0
  /// What Tab completes against.
  var completions = Completions()
  /// The most a line may hold, in UTF-8 bytes: typing or pasting past it rings the bell and
  /// adds nothing, so an endless paste cannot fill memory. (A line over the console's own
  /// limit, below this, is refused with a reason when entered.)
  var maximumBytes = 4 * LineSplitter.defaultMaximumLength
  /// The lines entered this session, oldest first.
  private(set) var history: [String] = []
  /// Which history line is shown, while up or down is in use.
  private var historyIndex: Int?
  /// The line being typed before up was pressed, for down to come back to.
  private var draft: [Character] = []
  /// What Ctrl-K, Ctrl-U or Ctrl-W last cut, for Ctrl-Y.
  private var cut: [Character] = []

  /// The line as text.
  var text: String { String(characters) }

  /// Applies one key; what it asks for beside the redraw, if anything.
  @discardableResult
  mutating func handle(_ key: TerminalKey) -> [Outcome] {
    switch key {
    case .text(let text):
      return insert(Array(text).filter(Self.isPrintable))
    case .paste(let text):
      return paste(text)
    case .enter:
      return [submit()]
    case .tab:
      return complete()
    case .backspace:
      guard cursor > 0 else { return [.bell] }
      cursor -= 1
      characters.remove(at: cursor)
    case .delete:
      guard cursor < characters.count else { return [.bell] }
      characters.remove(at: cursor)
    case .left:
      guard cursor > 0 else { return [.bell] }
      cursor -= 1
    case .right:
      guard cursor < characters.count else { return [.bell] }
      cursor += 1
    case .home:
      cursor = 0
    case .end:
      cursor = characters.count
    case .wordLeft:
      cursor = wordStart(before: cursor)
    case .wordRight:
      cursor = wordEnd(after: cursor)
    case .deleteWordBackward:
      cutRange(wordStart(before: cursor)..<cursor)
    case .up:
      return showHistory(step: -1)
    case .down:
      return showHistory(step: 1)
    case .control(let letter):
      return control(letter)
    case .ignored:
      break
    }
    return []
  }

  private mutating func control(_ letter: Character) -> [Outcome] {
    switch letter {
    case "a": return handle(.home)
    case "e": return handle(.end)
    case "b": return handle(.left)
    case "f": return handle(.right)
    case "h": return handle(.backspace)
    case "p": return handle(.up)
    case "n": return handle(.down)
    case "k": cutRange(cursor..<characters.count)
    case "u": cutRange(0..<cursor)
    case "w": cutRange(wordStart(before: cursor)..<cursor)
    case "y": return insert(cut)
    case "l": return [.clearScreen]
    case "z": return [.suspend]
    case "c":
      guard !characters.isEmpty else { return [.interrupt] }
      clear()
    case "d":
      guard !characters.isEmpty else { return [.endOfInput] }
      return handle(.delete)
    default: return [.bell]
    }
    return []
  }

  /// Ends the line: it joins the history (unless empty or the same as the last) and the
  /// editor starts an empty one.
  private mutating func submit() -> Outcome {
    let line = text
    if !line.allSatisfy(\.isWhitespace), history.last != line {
      history.append(line)
    }
    clear()
    return .submit(line)
  }

  private mutating func clear() {
    characters = []
    cursor = 0
    historyIndex = nil
    draft = []
  }

  /// Inserts at the cursor; the bell, and nothing inserted, when the line would pass its
  /// limit.
  private mutating func insert(_ inserted: [Character]) -> [Outcome] {
    let bytes = inserted.reduce(0) { $0 + $1.utf8.count }
    guard text.utf8.count + bytes <= maximumBytes else { return [.bell] }
    characters.insert(contentsOf: inserted, at: cursor)
    cursor += inserted.count
    return []
  }

  private mutating func cutRange(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    cut = Array(characters[range])
    characters.removeSubrange(range)
    cursor = range.lowerBound
  }

  /// A paste goes in as text: each line break ends a line, tabs become spaces, and other
  /// control characters are left out.
  private mutating func paste(_ text: String) -> [Outcome] {
    var outcomes: [Outcome] = []
    var run: [Character] = []
    for character in text {
      if character == "\n" || character == "\r" || character == "\r\n" {
        outcomes += insert(run)
        run = []
        outcomes.append(submit())
      } else if character == "\t" {
        run.append(" ")
      } else if Self.isPrintable(character) {
        run.append(character)
      }
    }
    outcomes += insert(run)
    return outcomes
  }

  private static func isPrintable(_ character: Character) -> Bool {
    !character.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }

  /// Up (-1) or down (+1) through the lines entered before; the line being typed comes back
  /// after the newest.
  private mutating func showHistory(step: Int) -> [Outcome] {
    let current = historyIndex ?? history.count
    let next = current + step
    guard next >= 0, next <= history.count, next != current else { return [.bell] }
    if historyIndex == nil { draft = characters }
    if next == history.count {
      characters = draft
      historyIndex = nil
    } else {
      characters = Array(history[next])
      historyIndex = next
    }
    cursor = characters.count
    return []
  }

  private func wordStart(before index: Int) -> Int {
    var start = index
    while start > 0, characters[start - 1].isWhitespace { start -= 1 }
    while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
    return start
  }

  private func wordEnd(after index: Int) -> Int {
    var end = index
    while end < characters.count, characters[end].isWhitespace { end += 1 }
    while end < characters.count, !characters[end].isWhitespace { end += 1 }
    return end
  }

  /// Tab: completes the word before the cursor (a command name first, then the values its
  /// arguments name) as far as every choice agrees; lists the choices when that adds nothing.
  private mutating func complete() -> [Outcome] {
    var start = cursor
    while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
    // Only the end of a word completes; in the middle of one, Tab does nothing.
    guard start == cursor || cursor == characters.count || characters[cursor].isWhitespace
    else { return [.bell] }
    let partial = String(characters[start..<cursor])
    let before = String(characters[..<start]).split(separator: " ").map(String.init)
    let choices =
      before.isEmpty
      ? completions.commands(startingWith: partial)
      : completions.values(
        for: before[0], argument: before.count - 1, startingWith: partial)
    guard !choices.isEmpty else { return [.bell] }
    if choices.count == 1 {
      replace(start..<cursor, with: choices[0] + " ")
      return []
    }
    let common = Self.commonPrefix(of: choices)
    if common.count > partial.count {
      replace(start..<cursor, with: common)
      return []
    }
    return [.showChoices(choices)]
  }

  private mutating func replace(_ range: Range<Int>, with text: String) {
    characters.replaceSubrange(range, with: Array(text))
    cursor = range.lowerBound + text.count
  }

  private static func commonPrefix(of words: [String]) -> String {
    guard var prefix = words.first.map(Array.init) else { return "" }
    for word in words.dropFirst() {
      let letters = Array(word)
      var length = 0
      while length < min(prefix.count, letters.count), prefix[length] == letters[length] {
        length += 1
      }
      prefix = Array(prefix[..<length])
    }
    return String(prefix)
  }
}
