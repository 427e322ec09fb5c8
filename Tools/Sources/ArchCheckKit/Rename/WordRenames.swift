/// Renames whole words of a text: a word is a run of ASCII letters, digits and `_` (an
/// escape in a string, `\n` before `hoge` in `"signin\nhoge"`, is not part of the word after
/// it). `make rename-feature` renames a feature's names with it, in code and, where the
/// code uses the feature, in the strings and comments beside it.
struct WordRenames: Equatable {
  /// Each old word and the word it becomes.
  var map: [String: String]

  /// `text` with every whole word of ``map`` replaced.
  func apply(to text: String) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    forEachWord(in: text) { piece, isWord in
      output += isWord ? (map[piece] ?? piece) : piece
    }
    return output
  }

  /// The whole words of `text`, in order.
  static func words(in text: String) -> [String] {
    var found: [String] = []
    WordRenames(map: [:]).forEachWord(in: text) { piece, isWord in
      if isWord { found.append(piece) }
    }
    return found
  }

  /// Calls `body` with each piece of `text` in order: a word, or what lies between words.
  private func forEachWord(in text: String, _ body: (String, Bool) -> Void) {
    let bytes = Array(text.utf8)
    var index = 0
    var start = 0
    func flush(_ end: Int, isWord: Bool) {
      if end > start { body(String(decoding: bytes[start..<end], as: UTF8.self), isWord) }
      start = end
    }
    while index < bytes.count {
      if Self.isWordByte(bytes[index]) {
        flush(index, isWord: false)
        var end = index
        while end < bytes.count, Self.isWordByte(bytes[end]) { end += 1 }
        flush(end, isWord: true)
        index = end
      } else if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count,
        Self.escapes.contains(bytes[index + 1])
      {
        index += 2
      } else {
        index += 1
      }
    }
    flush(bytes.count, isWord: false)
  }

  private static let escapes: Set<UInt8> = Set("ntr0".utf8)

  private static func isWordByte(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
      || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
  }
}
