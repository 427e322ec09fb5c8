import Foundation

/// The layouts `make rename-feature`'s formatting changed, remembered in this checkout
/// (`.build-archcheck/rename-layouts.json`, which git ignores) so that renaming back restores
/// every byte. A longer name can push a line past the line length, and swift-format wraps it;
/// it never joins lines again (it keeps the breaks it finds), so without this a rename and its
/// reverse would leave the same code laid out differently. For each file the rename formatted,
/// the text as formatted and as renamed before formatting: when a later rename reads a file
/// whose text is exactly the formatted one, it starts from the unformatted one, which holds
/// the same code in the original's layout. In another clone, or after the file changed, the
/// rename starts from the file as it is: the same code, laid out by swift-format.
struct RenameLayouts: Codable, Equatable {
  /// Where the memory lives, from the root.
  static let path = ".build-archcheck/rename-layouts.json"

  /// What a formatted file held before its formatting.
  struct Layout: Codable, Equatable {
    /// The file as the rename wrote it (formatted).
    var formatted: String
    /// The same file before formatting, in the layout of the file it was renamed from.
    var unformatted: String
  }

  /// By path from the root.
  var files: [String: Layout] = [:]

  /// The memory in `root`; empty when there is none or it cannot be read.
  static func read(root: URL) -> RenameLayouts {
    guard let data = try? Data(contentsOf: root.appendingPathComponent(path)),
      let layouts = try? JSONDecoder().decode(RenameLayouts.self, from: data)
    else { return RenameLayouts() }
    return layouts
  }

  /// The text a rename should start from for the file at `path` holding `text`.
  func base(of text: String, at path: String) -> String {
    guard let layout = files[path], layout.formatted == text else { return text }
    return layout.unformatted
  }

  /// Writes the memory (a cache: a failure to write it costs only the layout of a later
  /// rename back).
  func write(root: URL) {
    guard let data = try? JSONEncoder().encode(self) else { return }
    try? FileWriter.replaceCreatingFolder(root.appendingPathComponent(Self.path), with: data)
  }
}
