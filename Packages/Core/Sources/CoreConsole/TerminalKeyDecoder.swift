/// Turns the bytes a terminal in raw mode sends into keys. Keeps what a read cut in half (an
/// escape sequence, a UTF-8 character, a paste) until the rest arrives.
///
/// ```swift
/// var decoder = TerminalKeyDecoder()
/// decoder.feed(Array("ab\u{1B}[D".utf8))  // [.text("ab"), .left]
/// ```
struct TerminalKeyDecoder {
  private var pending: [UInt8] = []
  private var paste: [UInt8]?
  private var lastWasCarriageReturn = false
  /// A CSI sequence ran past its maximum length: its remaining parameter bytes and its final
  /// byte are dropped as they come.
  private var isSkippingSequence = false

  private static let escape: UInt8 = 0x1B
  private static let pasteEnd = Array("\u{1B}[201~".utf8)
  /// The longest CSI sequence waited for (terminals send a dozen bytes at most): past it,
  /// `ESC [` and its bytes are dropped, so parameters that never end cost linear time.
  static let maximumSequenceLength = 64
  /// A paste longer than this goes to the editor in pieces of about this size, so a paste
  /// whose end never comes holds this much at most.
  static let pastePieceLength = 64 * 1024

  /// The bytes held back for what may follow: a sequence, a character or a paste's piece.
  var heldByteCount: Int { pending.count + (paste?.count ?? 0) }

  /// Whether bytes wait for the rest of an escape sequence: a lone Escape is only known to be
  /// one when nothing follows it soon (``flush()``).
  var isWaitingForSequence: Bool { pending.first == Self.escape && paste == nil }

  /// The keys in `bytes`, after what earlier reads left pending.
  mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [TerminalKey] {
    pending.append(contentsOf: bytes)
    var keys: [TerminalKey] = []
    var index = 0
    while index < pending.count {
      if paste != nil {
        guard let consumed = takePaste(from: index, into: &keys) else { break }
        index = consumed
        continue
      }
      if isSkippingSequence {
        let byte = pending[index]
        isSkippingSequence = (0x20...0x3F).contains(byte)
        if isSkippingSequence || (0x40...0x7E).contains(byte) {
          index += 1
          continue
        }
      }
      guard let (key, length) = decode(at: index) else { break }
      index += length
      if let key { append(key, to: &keys) }
    }
    pending.removeFirst(index)
    return keys
  }

  /// What is pending once nothing more came: a lone Escape is ignored; the bytes of a
  /// character cut short are dropped.
  mutating func flush() -> [TerminalKey] {
    defer { pending.removeAll() }
    return pending.isEmpty ? [] : [.ignored]
  }

  private func append(_ key: TerminalKey, to keys: inout [TerminalKey]) {
    if case .text(let more) = key, case .text(let text)? = keys.last {
      keys[keys.count - 1] = .text(text + more)
    } else {
      keys.append(key)
    }
  }

  /// The key at `index` (nil: a byte that is no key) and how many bytes it took, or nil when
  /// its bytes have not all come.
  private mutating func decode(at index: Int) -> (TerminalKey?, Int)? {
    let byte = pending[index]
    // A terminal or a paste that sends CR LF for Enter gives one line, not two.
    let followsCarriageReturn = lastWasCarriageReturn
    lastWasCarriageReturn = byte == 0x0D
    switch byte {
    case Self.escape:
      return decodeEscape(at: index)
    case 0x0D:
      return (.enter, 1)
    case 0x0A:
      return (followsCarriageReturn ? nil : .enter, 1)
    case 0x09:
      return (.tab, 1)
    case 0x7F, 0x08:
      return (.backspace, 1)
    case 0x01...0x1A:
      return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
    case 0x00, 0x1C...0x1F:
      return (.ignored, 1)
    default:
      return decodeText(at: index)
    }
  }

  /// One UTF-8 character; one that is not valid UTF-8 becomes U+FFFD.
  private func decodeText(at index: Int) -> (TerminalKey?, Int)? {
    let byte = pending[index]
    let length =
      switch byte {
      case 0xC2...0xDF: 2
      case 0xE0...0xEF: 3
      case 0xF0...0xF4: 4
      default: 1
      }
    guard index + length <= pending.count else { return nil }
    let text = String(decoding: pending[index..<(index + length)], as: UTF8.self)
    return (.text(text), length)
  }

  /// An escape sequence: CSI (`ESC [ … final`), SS3 (`ESC O x`), or Alt with a key.
  private mutating func decodeEscape(at index: Int) -> (TerminalKey?, Int)? {
    guard index + 1 < pending.count else { return nil }
    let next = pending[index + 1]
    switch next {
    case UInt8(ascii: "["):
      var end = index + 2
      while end < pending.count, !(0x40...0x7E).contains(pending[end]) {
        end += 1
        if end - index >= Self.maximumSequenceLength {
          isSkippingSequence = true
          return (.ignored, end - index)
        }
      }
      guard end < pending.count else { return nil }
      let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
      let key = Self.csiKey(parameters: parameters, final: pending[end])
      if key == nil, parameters == "200", pending[end] == UInt8(ascii: "~") {
        paste = []
        return (.ignored, end - index + 1)
      }
      return (key ?? .ignored, end - index + 1)
    case UInt8(ascii: "O"):
      guard index + 2 < pending.count else { return nil }
      return (Self.csiKey(parameters: "", final: pending[index + 2]) ?? .ignored, 3)
    case UInt8(ascii: "b"): return (.wordLeft, 2)
    case UInt8(ascii: "f"): return (.wordRight, 2)
    case 0x7F, 0x08: return (.deleteWordBackward, 2)
    case Self.escape: return (.ignored, 1)
    default: return (.ignored, 2)
    }
  }

  private static func csiKey(parameters: String, final: UInt8) -> TerminalKey? {
    let modified = parameters.hasSuffix(";5") || parameters.hasSuffix(";3")
    switch (parameters, Character(Unicode.Scalar(final))) {
    case (_, "A"): return .up
    case (_, "B"): return .down
    case (_, "C"): return modified ? .wordRight : .right
    case (_, "D"): return modified ? .wordLeft : .left
    case (_, "H"), ("1", "~"), ("7", "~"): return .home
    case (_, "F"), ("4", "~"), ("8", "~"): return .end
    case ("3", "~"): return .delete
    default: return nil
    }
  }

  /// Bytes of a paste up to its end marker; the index after the marker, or nil while the
  /// marker has not come.
  private mutating func takePaste(from index: Int, into keys: inout [TerminalKey]) -> Int? {
    let marker = Self.pasteEnd
    var end = index
    while end + marker.count <= pending.count {
      if pending[end] == Self.escape, Array(pending[end..<(end + marker.count)]) == marker {
        let text = String(decoding: (paste ?? []) + pending[index..<end], as: UTF8.self)
        paste = nil
        keys.append(.paste(text))
        return end + marker.count
      }
      end += 1
    }
    // Keep all but what could be the start of the marker.
    let safe = max(index, pending.count - marker.count + 1)
    paste?.append(contentsOf: pending[index..<safe])
    pending.removeSubrange(index..<safe)
    if let piece = takePastePiece() { keys.append(.paste(piece)) }
    return nil
  }

  /// A long paste's text so far, as one piece, when it has grown past the piece length: cut
  /// before a character split in two and before a CR whose LF may follow, which stay for the
  /// next piece.
  private mutating func takePastePiece() -> String? {
    guard let bytes = paste, bytes.count >= Self.pastePieceLength else { return nil }
    var cut = bytes.count
    // Back to the start of the last character: UTF-8 continuation bytes are 10xxxxxx.
    while cut > 0, bytes[cut - 1] & 0xC0 == 0x80 { cut -= 1 }
    if cut > 0, bytes[cut - 1] >= 0xC0 { cut -= 1 }
    if cut > 0, bytes[cut - 1] == 0x0D { cut -= 1 }
    // Nothing but stray continuation bytes: they go as they are (U+FFFD), never kept.
    if cut == 0 { cut = bytes.count }
    paste = Array(bytes[cut...])
    return String(decoding: bytes[..<cut], as: UTF8.self)
  }
}
