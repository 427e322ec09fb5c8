/// Characters that act on a terminal instead of showing: C0 and C1 controls (ESC, BEL, NUL,
/// CSI...) and the bidirectional overrides that reorder what follows. The console never
/// writes them raw and never accepts them as input.
public enum ControlCharacters {
  /// Whether `scalar` is one of them. Tab counts too: the screen uses spaces.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// Whether `text` holds any.
  public static func contains(_ text: String) -> Bool {
    text.unicodeScalars.contains(where: isControl)
  }

  /// `text` with each of them written out as `\u{1B}`, so the screen shows what is stored
  /// and cannot be taken over by it.
  public static func escaped(_ text: String) -> String {
    guard contains(text) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
