/// What a terminal shows after a program's output: its rows (those scrolled off the top
/// included) and where the cursor is. Enough of a VT100 (text, wide and combining characters,
/// carriage return, line feed, cursor moves, erasing, wrapping at the right edge) to check a
/// console program the way a person sees it, not the way its bytes read.
///
/// ```swift
/// var screen = TerminalScreen(columns: 80, rows: 24)
/// screen.feed(Array("> hoge\u{1B}[2D".utf8))
/// screen.lines  // ["> hoge"]
/// screen.cursor  // (row: 0, column: 4)
/// ```
public struct TerminalScreen: Sendable, CustomStringConvertible {
  /// The width, in columns.
  public let columns: Int
  /// How many rows show at once; rows above them have scrolled off.
  public let rows: Int
  /// Each row's cells: nil where nothing was written (or it was erased), an empty string for
  /// the right half of a wide character.
  private var cells: [[String?]] = [[]]
  private var row = 0
  private var column = 0
  /// A character was written in the last column: the next one starts a new row.
  private var pendingWrap = false
  private var sequence: [UInt8]?
  private var utf8: [UInt8] = []

  /// An empty screen.
  public init(columns: Int = 80, rows: Int = 24) {
    self.columns = columns
    self.rows = rows
  }

  /// Every row, top first, up to its last written cell (a prompt's written space stays).
  public var lines: [String] {
    cells.map { cells in
      var row = cells[...]
      while row.last == .some(nil) { row.removeLast() }
      return row.map { $0 ?? " " }.joined()
    }
  }

  /// The cursor: its row in ``lines`` and its column.
  public var cursor: (row: Int, column: Int) { (row, column) }

  /// The row the cursor is on.
  public var cursorLine: String { lines[row] }

  /// The rows as text, one per line.
  public var description: String { lines.joined(separator: "\n") }

  /// How many rows hold exactly `line`.
  public func count(of line: String) -> Int {
    lines.filter { $0 == line }.count
  }

  /// Applies output bytes.
  public mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
    for byte in bytes {
      if sequence != nil {
        continueSequence(byte)
      } else if !utf8.isEmpty || byte >= 0x80 {
        continueCharacter(byte)
      } else {
        control(byte)
      }
    }
  }

  private mutating func control(_ byte: UInt8) {
    switch byte {
    case 0x1B: sequence = []
    case 0x0D:
      column = 0
      pendingWrap = false
    case 0x0A: lineFeed()
    case 0x08: column = max(column - 1, 0)
    case 0x07, 0x00: break
    default: put(String(UnicodeScalar(byte)))
    }
  }

  private mutating func continueCharacter(_ byte: UInt8) {
    utf8.append(byte)
    let expected =
      switch utf8[0] {
      case 0xC0...0xDF: 2
      case 0xE0...0xEF: 3
      case 0xF0...0xF7: 4
      default: 1
      }
    guard utf8.count >= expected else { return }
    let text = String(decoding: utf8, as: UTF8.self)
    utf8 = []
    put(text)
  }

  private mutating func put(_ text: String) {
    for scalar in text.unicodeScalars {
      let width = Self.width(of: scalar)
      if width == 0 {
        attachToPrevious(scalar)
        continue
      }
      if pendingWrap || column + width > columns {
        pendingWrap = false
        lineFeed()
        column = 0
      }
      ensureCells()
      cells[row][column] = String(scalar)
      if width == 2 { cells[row][column + 1] = "" }
      column += width
      if column >= columns {
        column = columns - 1
        pendingWrap = true
      }
    }
  }

  private mutating func attachToPrevious(_ scalar: Unicode.Scalar) {
    var index = pendingWrap ? column : column - 1
    while index >= 0, index < cells[row].count, cells[row][index] == "" { index -= 1 }
    guard index >= 0, index < cells[row].count, var cell = cells[row][index] else { return }
    cell.unicodeScalars.append(scalar)
    cells[row][index] = cell
  }

  private mutating func ensureCells() {
    if cells[row].count < columns {
      cells[row] += Array(repeating: nil, count: columns - cells[row].count)
    }
  }

  private mutating func lineFeed() {
    pendingWrap = false
    row += 1
    if row == cells.count { cells.append([]) }
  }

  private var top: Int { max(0, cells.count - rows) }

  private mutating func continueSequence(_ byte: UInt8) {
    sequence?.append(byte)
    guard let bytes = sequence else { return }
    if bytes.count == 1, byte != UInt8(ascii: "[") {
      sequence = nil  // ESC and one character: nothing this screen draws.
      return
    }
    guard bytes.count > 1, (0x40...0x7E).contains(byte) else { return }
    sequence = nil
    let parameters = String(decoding: bytes[1..<(bytes.count - 1)], as: UTF8.self)
    guard !parameters.hasPrefix("?") else { return }
    let numbers = parameters.split(separator: ";").map { Int($0) ?? 0 }
    let count = max(numbers.first ?? 1, 1)
    pendingWrap = false
    switch UnicodeScalar(byte) {
    case "A": row = max(row - count, top)
    case "B":
      row += count
      while row >= cells.count { cells.append([]) }
    case "C": column = min(column + count, columns - 1)
    case "D": column = max(column - count, 0)
    case "G": column = min(max(count - 1, 0), columns - 1)
    case "H":
      row = top + max((numbers.first ?? 1) - 1, 0)
      column = numbers.count > 1 ? max(numbers[1] - 1, 0) : 0
      while row >= cells.count { cells.append([]) }
    case "K": eraseLine(mode: numbers.first ?? 0)
    case "J": eraseScreen(mode: numbers.first ?? 0)
    default: break
    }
  }

  private mutating func eraseLine(mode: Int) {
    switch mode {
    case 0: if column < cells[row].count { cells[row].removeSubrange(column...) }
    case 1:
      ensureCells()
      for index in 0...column { cells[row][index] = nil }
    default: cells[row] = []
    }
  }

  private mutating func eraseScreen(mode: Int) {
    switch mode {
    case 0:
      eraseLine(mode: 0)
      cells.removeSubrange((row + 1)...)
    default:
      for index in top..<cells.count { cells[index] = [] }
    }
  }

  /// Columns a character takes, as a terminal draws it: two for CJK and emoji, none for a
  /// mark that combines with the one before.
  static func width(of scalar: Unicode.Scalar) -> Int {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if scalar.properties.isEmojiPresentation { return 2 }
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      return 2
    default: return 1
    }
  }
}
