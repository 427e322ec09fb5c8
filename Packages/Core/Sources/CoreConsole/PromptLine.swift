/// The bytes that draw the prompt and the line being typed on the terminal's current row, with
/// the cursor where the editor has it. A line wider than the terminal scrolls sideways (the
/// part around the cursor is shown), so it never wraps onto a row the editor does not own.
enum PromptLine {
  /// Clears the row and draws `prompt` and the visible part of `characters`, then places the
  /// cursor before `characters[cursor]`.
  static func draw(prompt: String, characters: [Character], cursor: Int, columns: Int) -> String {
    // The last column stays free: a character there would leave the cursor past the edge.
    let usable = max(columns - 1, 2)
    let promptShown = fit(Array(prompt), columns: usable / 2)
    let room = max(usable - DisplayWidth.of(promptShown), 1)
    // From the start when the cursor fits; else as much as fits to its left.
    var start = 0
    if DisplayWidth.of(characters[..<cursor]) > room {
      start = cursor
      var used = 0
      while start > 0, used + DisplayWidth.of(characters[start - 1]) <= room {
        used += DisplayWidth.of(characters[start - 1])
        start -= 1
      }
    }
    let shown = fit(Array(characters[start...]), columns: room)
    let cursorColumn = DisplayWidth.of(promptShown) + DisplayWidth.of(characters[start..<cursor])
    var text = "\r" + String(promptShown) + String(shown) + "\u{1B}[K\r"
    if cursorColumn > 0 { text += "\u{1B}[\(cursorColumn)C" }
    return text
  }

  /// The longest start of `characters` that fits in `columns`.
  private static func fit(_ characters: [Character], columns: Int) -> [Character] {
    var used = 0
    var count = 0
    while count < characters.count {
      let width = DisplayWidth.of(characters[count])
      if used + width > columns { break }
      used += width
      count += 1
    }
    return Array(characters[..<count])
  }
}
