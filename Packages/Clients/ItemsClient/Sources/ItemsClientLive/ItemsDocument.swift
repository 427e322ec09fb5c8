import Foundation
import ItemsClient

/// The item file's contents: its version, the items, and every field this version does not
/// know (at the top and in each item), kept so a save writes them back instead of dropping
/// them. Reading checks each item and names the item and field at fault.
struct ItemsDocument: Equatable, Sendable {
  /// The version this demo reads and writes.
  static let currentVersion = 1

  var version = ItemsDocument.currentVersion
  var items: [Item] = []
  /// Top-level fields other than `version` and `items`.
  var otherFields: [String: JSONValue] = [:]
  /// Per item id, the item's fields other than `id`, `name`, `quantity` and `note`.
  var otherItemFields: [UUID: [String: JSONValue]] = [:]

  private static let itemFields: Set<String> = ["id", "name", "quantity", "note"]

  /// Reads a file's bytes. Throws one line that says what is wrong and where: "item 3:
  /// quantity must be a whole number from 0 to 9999, got -5".
  static func decode(_ data: Data) throws(ItemsFormatError) -> ItemsDocument {
    let root: JSONValue
    do {
      root = try JSONDecoder().decode(JSONValue.self, from: data)
    } catch {
      throw ItemsFormatError("the file is not JSON (\(Self.position(of: error)))")
    }
    guard case .object(var fields) = root else {
      throw ItemsFormatError("the file must be an object with \"version\" and \"items\"")
    }
    var document = ItemsDocument()
    guard case .int(let version)? = fields.removeValue(forKey: "version"), version >= 1 else {
      throw ItemsFormatError("\"version\" must be a whole number of 1 or more")
    }
    document.version = version
    guard case .array(let items)? = fields.removeValue(forKey: "items") else {
      throw ItemsFormatError("\"items\" must be a list")
    }
    document.otherFields = fields
    var positions: [UUID: Int] = [:]
    for (offset, value) in items.enumerated() {
      let position = offset + 1
      let (item, others) = try Self.item(value, position: position)
      if let earlier = positions[item.id] {
        throw ItemsFormatError(
          "items \(earlier) and \(position) have the same id \(item.id.uuidString); give one "
            + "of them a new id or remove it")
      }
      positions[item.id] = position
      document.items.append(item)
      if !others.isEmpty { document.otherItemFields[item.id] = others }
    }
    return document
  }

  private static func item(
    _ value: JSONValue, position: Int
  ) throws(ItemsFormatError) -> (Item, [String: JSONValue]) {
    let at = "item \(position)"
    guard case .object(let fields) = value else {
      throw ItemsFormatError("\(at) must be an object, got \(value.kind)")
    }
    guard case .string(let idText)? = fields["id"], let id = UUID(uuidString: idText) else {
      throw ItemsFormatError(
        "\(at): id must be a UUID like 00000000-0000-0000-0000-000000000001, got "
          + (fields["id"].map(describe) ?? "nothing"))
    }
    guard case .string(let rawName)? = fields["name"] else {
      throw ItemsFormatError(
        "\(at): name must be text, got \(fields["name"].map(describe) ?? "nothing")")
    }
    // Not ItemName.validate: control characters typed are refused, but those a file holds
    // are kept (and shown escaped), so a load never drops what is stored.
    let name = rawName.trimmingCharacters(in: .whitespacesAndNewlines)
    if name.isEmpty { throw ItemsFormatError("\(at): name is empty") }
    if name.count > ItemName.maximumLength {
      throw ItemsFormatError(
        "\(at): name has \(name.count) characters, more than \(ItemName.maximumLength)")
    }
    guard case .int(let quantity)? = fields["quantity"],
      (0...Item.maximumQuantity).contains(quantity)
    else {
      throw ItemsFormatError(
        "\(at): quantity must be a whole number from 0 to \(Item.maximumQuantity), got "
          + (fields["quantity"].map(describe) ?? "nothing"))
    }
    var note = ""
    switch fields["note"] {
    case nil, .null?: break
    case .string(let text)?: note = text
    case let other?: throw ItemsFormatError("\(at): note must be text, got \(describe(other))")
    }
    let others = fields.filter { !itemFields.contains($0.key) }
    return (Item(id: id, name: name, quantity: quantity, note: note), others)
  }

  /// The bytes to write: this document, with the fields it does not know put back.
  func encoded() throws -> Data {
    var fields = otherFields
    fields["version"] = .int(version)
    fields["items"] = .array(
      items.map { item in
        var itemFields = otherItemFields[item.id] ?? [:]
        itemFields["id"] = .string(item.id.uuidString)
        itemFields["name"] = .string(item.name)
        itemFields["quantity"] = .int(item.quantity)
        itemFields["note"] = .string(item.note)
        return .object(itemFields)
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(JSONValue.object(fields))
  }

  private static func describe(_ value: JSONValue) -> String {
    switch value {
    case .int(let number): "\(number)"
    case .double(let number): "\(number)"
    case .string(let text): "\"\(text.prefix(40))\""
    default: value.kind
    }
  }

  private static func position(of error: any Error) -> String {
    guard case DecodingError.dataCorrupted(let context)? = error as? DecodingError else {
      return "\(error)"
    }
    let detail = (context.underlyingError as NSError?)?.userInfo["NSDebugDescription"] as? String
    return detail ?? context.debugDescription
  }
}

/// What is wrong with an item file's contents, as one line.
struct ItemsFormatError: Error, Equatable {
  let reason: String

  init(_ reason: String) {
    self.reason = reason
  }
}
