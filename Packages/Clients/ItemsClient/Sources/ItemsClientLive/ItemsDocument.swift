import Foundation
import ItemsClient

/// The item file's contents: its version, the items, and every field this version does not
/// know (at the top and in each item) as the exact JSON text it had, so a save writes them
/// back byte for byte instead of dropping or reformatting them. Reading checks each item and
/// names the item and field at fault.
struct ItemsDocument: Equatable, Sendable {
  /// The version this demo reads and writes.
  static let currentVersion = 1

  var version = ItemsDocument.currentVersion
  var items: [Item] = []
  /// Top-level fields other than `version` and `items`, in file order.
  var otherFields: [KeptField] = []
  /// Per item id, the item's fields other than `id`, `name`, `quantity` and `note`.
  var otherItemFields: [UUID: [KeptField]] = [:]
  /// Per item id, the id as the file spelled it, where that differs from `uuidString`
  /// (lowercase, say): written back the same way.
  var idSpellings: [UUID: String] = [:]

  /// A field kept as its JSON text.
  struct KeptField: Equatable, Sendable {
    let key: String
    let text: String
  }

  /// Reads a file's bytes. Throws one line that says what is wrong and where: "item 3:
  /// quantity must be a whole number from 0 to 9999, got -5".
  static func decode(_ data: Data) throws(ItemsFormatError) -> ItemsDocument {
    do {
      return try data.withUnsafeBytes { raw throws(ItemsFormatError) in
        var reader = JSONReader(raw.bindMemory(to: UInt8.self))
        return try Self.read(&reader)
      }
    } catch let error as ItemsFormatError {
      throw error
    } catch {
      throw ItemsFormatError("\(error)")
    }
  }

  private static func read(_ reader: inout JSONReader) throws(ItemsFormatError) -> ItemsDocument {
    var builder = Builder()
    var version: JSONReader.Value?
    var sawItems = false
    var itemsKind: String?
    do {
      try reader.document { reader throws(JSONSyntaxError) in
        guard reader.peek() == UInt8(ascii: "{") else {
          itemsKind = "not an object"
          _ = try reader.value()
          return
        }
        try reader.object { key, reader throws(JSONSyntaxError) in
          switch key {
          case "version":
            version = try reader.value()
          case "items" where reader.peek() == UInt8(ascii: "["):
            sawItems = true
            var position = 0
            try reader.array { reader throws(JSONSyntaxError) in
              position += 1
              try builder.readItem(&reader, position: position)
            }
          case "items":
            itemsKind = try reader.value().kind
          default:
            builder.document.otherFields.append(
              KeptField(key: key, text: try reader.rawValue()))
          }
        }
      }
    } catch {
      throw ItemsFormatError("the file is not JSON (\(error))")
    }
    if let failure = builder.failure { throw failure }
    var document = builder.document
    if itemsKind == "not an object" {
      throw ItemsFormatError("the file must be an object with \"version\" and \"items\"")
    }
    guard case .number(let text)? = version, let number = Int(text), number >= 1 else {
      throw ItemsFormatError("\"version\" must be a whole number of 1 or more")
    }
    document.version = number
    guard sawItems, itemsKind == nil else { throw ItemsFormatError("\"items\" must be a list") }
    return document
  }

  /// What reading has found so far: the document, the first item that was not valid (reading
  /// goes on to check the JSON, but the document is refused), and where each id was seen.
  private struct Builder {
    var document = ItemsDocument()
    var failure: ItemsFormatError?
    var positions: [UUID: Int] = [:]

    mutating func readItem(
      _ reader: inout JSONReader, position: Int
    ) throws(JSONSyntaxError) {
      guard failure == nil else {
        _ = try reader.value()
        return
      }
      let at = "item \(position)"
      guard reader.peek() == UInt8(ascii: "{") else {
        failure = ItemsFormatError("\(at) must be an object, got \(try reader.value().kind)")
        return
      }
      var fields = ItemFields()
      var others: [KeptField] = []
      var repeated: String?
      try reader.object { key, reader throws(JSONSyntaxError) in
        if let known = ItemFields.Key(rawValue: key) {
          if fields[known] != nil { repeated = key }
          fields[known] = try reader.value()
        } else {
          others.append(KeptField(key: key, text: try reader.rawValue()))
        }
      }
      if let repeated {
        failure = ItemsFormatError("\(at): \"\(repeated)\" is given twice; keep one")
        return
      }
      do throws(ItemsFormatError) {
        let (item, idText) = try ItemsDocument.item(fields, at: at)
        if let earlier = positions[item.id] {
          throw ItemsFormatError(
            "items \(earlier) and \(position) have the same id \(item.id.uuidString); give "
              + "one of them a new id or remove it")
        }
        positions[item.id] = position
        document.items.append(item)
        if !others.isEmpty { document.otherItemFields[item.id] = others }
        if !UUIDText.isCanonical(idText) { document.idSpellings[item.id] = idText }
      } catch {
        failure = error
      }
    }
  }

  /// The four fields an item has, as read (a dictionary per item cost a tenth of a large load).
  fileprivate struct ItemFields {
    enum Key: String {
      case id, name, quantity, note
    }

    private var id: JSONReader.Value?
    private var name: JSONReader.Value?
    private var quantity: JSONReader.Value?
    private var note: JSONReader.Value?

    subscript(key: Key) -> JSONReader.Value? {
      get {
        switch key {
        case .id: id
        case .name: name
        case .quantity: quantity
        case .note: note
        }
      }
      set {
        switch key {
        case .id: id = newValue
        case .name: name = newValue
        case .quantity: quantity = newValue
        case .note: note = newValue
        }
      }
    }
  }

  fileprivate static func item(
    _ fields: ItemFields, at: String
  ) throws(ItemsFormatError) -> (item: Item, idText: String) {
    guard case .string(let idText)? = fields[.id], let id = UUIDText.parse(idText) else {
      throw ItemsFormatError(
        "\(at): id must be a UUID like 00000000-0000-0000-0000-000000000001, got "
          + (fields[.id].map(describe) ?? "nothing"))
    }
    guard case .string(let name)? = fields[.name] else {
      throw ItemsFormatError(
        "\(at): name must be text, got \(fields[.name].map(describe) ?? "nothing")")
    }
    // Not ItemName.validate: control characters typed are refused, but those a file holds
    // are kept (and shown escaped), so a load never drops what is stored; and the name is
    // kept as stored, surrounding spaces too, so a save that did not edit it writes it back.
    if name.allSatisfy(\.isWhitespace) { throw ItemsFormatError("\(at): name is empty") }
    let length = ItemName.length(of: name)
    if length > ItemName.maximumLength {
      throw ItemsFormatError(
        "\(at): name has \(length) characters (accents counted apart), more than "
          + "\(ItemName.maximumLength)")
    }
    guard case .number(let text)? = fields[.quantity], let quantity = Int(text),
      (0...Item.maximumQuantity).contains(quantity)
    else {
      throw ItemsFormatError(
        "\(at): quantity must be a whole number from 0 to \(Item.maximumQuantity), got "
          + (fields[.quantity].map(describe) ?? "nothing"))
    }
    var note = ""
    switch fields[.note] {
    case nil, .null?: break
    case .string(let text)?: note = text
    case let other?: throw ItemsFormatError("\(at): note must be text, got \(describe(other))")
    }
    return (Item(id: id, name: name, quantity: quantity, note: note), idText)
  }

  /// The bytes to write: this document, with the fields it does not know put back as they
  /// were.
  func encoded() -> Data {
    var writer = JSONWriter(capacity: items.count * 128 + 64)
    writer.openObject()
    writer.key("version", indent: 0)
    writer.append("\(version)")
    writer.key("items", indent: 0)
    writer.openArray()
    for item in items {
      writer.element(indent: 1)
      writer.openObject()
      writer.key("id", indent: 2)
      writer.id(item.id, spelled: idSpellings[item.id])
      writer.key("name", indent: 2)
      writer.string(item.name)
      writer.key("quantity", indent: 2)
      writer.append("\(item.quantity)")
      writer.key("note", indent: 2)
      writer.string(item.note)
      for field in otherItemFields[item.id] ?? [] {
        writer.key(field.key, indent: 2)
        writer.append(field.text)
      }
      writer.closeObject(indent: 2)
    }
    writer.closeArray(indent: 1)
    for field in otherFields {
      writer.key(field.key, indent: 0)
      writer.append(field.text)
    }
    writer.closeObject(indent: 0)
    writer.append("\n")
    return Data(writer.bytes)
  }

  private static func describe(_ value: JSONReader.Value) -> String {
    switch value {
    case .number(let text): text.count > 40 ? String(text.prefix(40)) + "…" : text
    case .string(let text): "\"\(text.prefix(40))\""
    default: value.kind
    }
  }
}

/// What is wrong with an item file's contents, as one line.
struct ItemsFormatError: Error, Equatable {
  let reason: String

  init(_ reason: String) {
    self.reason = reason
  }
}
