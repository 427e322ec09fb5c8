/// One key (or one paste) a person gave the line editor, decoded from a terminal's bytes.
enum TerminalKey: Equatable, Sendable {
  /// Printable characters typed.
  case text(String)
  /// Text the terminal marked as pasted (bracketed paste): inserted as it is, its line breaks
  /// ending lines, never read as editing keys.
  case paste(String)
  /// Return or Enter.
  case enter
  /// Tab.
  case tab
  /// Backspace (DEL or Ctrl-H).
  case backspace
  /// The Delete key.
  case delete
  /// The arrow keys.
  case left, right, up, down
  /// Home and End.
  case home, end
  /// A word to the left or right (Alt-B/Alt-F, Ctrl- or Alt-arrow).
  case wordLeft, wordRight
  /// Alt-Backspace: the word before the cursor.
  case deleteWordBackward
  /// A control key, by its letter: `a` for Ctrl-A.
  case control(Character)
  /// A key or sequence the editor does not use (a function key, a lone Escape).
  case ignored
}
