/// How many columns of a terminal text takes: 2 for wide characters (CJK, emoji), 0 for
/// marks that combine with the character before, 1 for the rest. The line editor places its
/// cursor with it, so a line of `日本` or `é` written as `e` + U+0301 keeps the cursor where
/// the terminal draws it.
///
/// The C library's `wcwidth` would need a UTF-8 locale set for the process; this table does
/// not, and agrees with it on the characters people type.
enum DisplayWidth {
  /// The columns one character (one grapheme cluster) takes.
  static func of(_ character: Character) -> Int {
    var width = 0
    for scalar in character.unicodeScalars {
      let properties = scalar.properties
      if properties.isEmojiPresentation || isWide(scalar.value) { return 2 }
      // An emoji that asks for its picture form (U+FE0F) is drawn two columns wide.
      if scalar.value == 0xFE0F, character.unicodeScalars.first?.properties.isEmoji == true {
        return 2
      }
      if width == 0, !isZeroWidth(scalar) { width = 1 }
    }
    return width
  }

  /// The columns a run of characters takes.
  static func of<Characters: Sequence<Character>>(_ characters: Characters) -> Int {
    var total = 0
    for character in characters {
      total += of(character)
    }
    return total
  }

  private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: true
    default: scalar.value == 0x200B
    }
  }

  /// East Asian Wide and Fullwidth ranges (emoji drawn wide are found by their emoji
  /// presentation instead).
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
    0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
    0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]

  private static func isWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    for range in wideRanges where range.contains(value) {
      return true
    }
    return false
  }
}
