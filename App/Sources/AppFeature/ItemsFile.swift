import Foundation
import ItemListFeature

/// The item list kept as a JSON file: the live storage behind `ItemsClient`.
///
/// Writes are atomic: the new list goes to a temporary file in the same folder, which then
/// replaces the old one with `rename`, so a failed or interrupted write never truncates the
/// list that was there. A missing file is an empty list; a file that cannot be read or
/// decoded is an error that names it, and is never overwritten by a load.
public struct ItemsFile: Sendable {
  /// The file.
  public let url: URL

  /// The list at `url`.
  public init(url: URL) {
    self.url = url
  }

  /// The list in `directory`, named `items.json`.
  public init(directory: URL) {
    self.init(url: directory.appendingPathComponent("items.json"))
  }

  private struct Contents: Codable {
    var version = 1
    var items: [Item]
  }

  /// The saved items; empty when the file does not exist yet.
  public func load() throws(ItemsFileError) -> [Item] {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
      return []
    } catch {
      throw .unreadable(path: url.path, reason: Self.reason(error))
    }
    do {
      return try JSONDecoder().decode(Contents.self, from: data).items
    } catch {
      throw .corrupt(path: url.path, reason: Self.reason(error))
    }
  }

  /// Replaces the saved items, atomically. Creates the folder when needed.
  public func save(_ items: [Item]) throws(ItemsFileError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(
      ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    do {
      let data = try encoder.encode(Contents(items: items))
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try data.write(to: temporary)
      guard rename(temporary.path, url.path) == 0 else {
        throw CocoaError(
          .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))]
        )
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw .unwritable(path: url.path, reason: Self.reason(error))
    }
  }

  /// An `ItemsClient` over this file. Its save has no suspension point, so an effect that is
  /// cancelled while saving (its screen closed) still finishes the write.
  public var client: ItemsClient {
    ItemsClient(
      load: { try load() },
      save: { try save($0) })
  }

  private static func reason(_ error: any Error) -> String {
    var text = describe(error)
    while text.hasSuffix(".") { text.removeLast() }
    return text
  }

  private static func describe(_ error: any Error) -> String {
    if let decoding = error as? DecodingError {
      switch decoding {
      case .dataCorrupted(let context): return context.debugDescription
      case .keyNotFound(let key, _): return "the field '\(key.stringValue)' is missing"
      case .typeMismatch(_, let context), .valueNotFound(_, let context):
        return context.debugDescription
      @unknown default: return "\(decoding)"
      }
    }
    return (error as? LocalizedError)?.errorDescription ?? error.localizedDescription
  }
}

/// Why the item file could not be used; each names the file.
public enum ItemsFileError: Error, Equatable, LocalizedError {
  /// The file exists but cannot be read.
  case unreadable(path: String, reason: String)
  /// The file is not a valid item list.
  case corrupt(path: String, reason: String)
  /// The list could not be written.
  case unwritable(path: String, reason: String)

  /// One line that names the file.
  public var errorDescription: String? {
    switch self {
    case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
    case .corrupt(let path, let reason): "\(path) is not a valid item list: \(reason)"
    case .unwritable(let path, let reason): "cannot save \(path): \(reason)"
    }
  }
}
