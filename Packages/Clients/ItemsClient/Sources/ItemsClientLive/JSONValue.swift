import Foundation

/// Any JSON value, decoded without a schema: how the item file keeps fields this version does
/// not know, so that saving writes them back instead of dropping them.
enum JSONValue: Codable, Equatable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    if var array = try? decoder.unkeyedContainer() {
      var values: [JSONValue] = []
      while !array.isAtEnd {
        values.append(try array.decode(JSONValue.self))
      }
      self = .array(values)
      return
    }
    if let object = try? decoder.container(keyedBy: AnyKey.self) {
      var values: [String: JSONValue] = [:]
      for key in object.allKeys {
        values[key.stringValue] = try object.decode(JSONValue.self, forKey: key)
      }
      self = .object(values)
      return
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self = .null
    } else if let value = try? single.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? single.decode(Int.self) {
      self = .int(value)
    } else if let value = try? single.decode(Double.self) {
      self = .double(value)
    } else {
      self = .string(try single.decode(String.self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var single = encoder.singleValueContainer()
      try single.encodeNil()
    case .bool(let value):
      var single = encoder.singleValueContainer()
      try single.encode(value)
    case .int(let value):
      var single = encoder.singleValueContainer()
      try single.encode(value)
    case .double(let value):
      var single = encoder.singleValueContainer()
      try single.encode(value)
    case .string(let value):
      var single = encoder.singleValueContainer()
      try single.encode(value)
    case .array(let values):
      var array = encoder.unkeyedContainer()
      for value in values {
        try array.encode(value)
      }
    case .object(let values):
      var object = encoder.container(keyedBy: AnyKey.self)
      for (key, value) in values {
        try object.encode(value, forKey: AnyKey(key))
      }
    }
  }

  /// What a person would call this kind of value, for messages.
  var kind: String {
    switch self {
    case .null: "null"
    case .bool: "true or false"
    case .int, .double: "a number"
    case .string: "text"
    case .array: "a list"
    case .object: "an object"
    }
  }
}

/// A coding key for any string.
struct AnyKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }

  init(_ string: String) {
    self.stringValue = string
  }

  init?(stringValue: String) {
    self.stringValue = stringValue
  }

  init?(intValue: Int) {
    nil
  }
}
