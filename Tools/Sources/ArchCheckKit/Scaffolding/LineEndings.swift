import Foundation

/// The guard the editing commands (`make feature`, `make route`, `make remove-feature`) run
/// before they read anything to change: they edit Swift sources and manifests line by line,
/// split on "\n", and Swift reads a Windows line ending ("\r\n") as one character, so a CRLF
/// file would be seen as one line and edited in the wrong place. Such a repo is refused with
/// the file to convert, and nothing is written.
enum LineEndings {
  /// The folders (from the repo's root) whose Swift files those commands read and change: the
  /// App, the cross-module tests, the fuzz target and every package but Core.
  static let editedFolders = ["App", "Tests", "Fuzz", "Packages"]

  /// Throws a one-line reason naming the first file with a Windows line ending, if any.
  static func requireLF(root: URL, command: String) throws(ArchCheckError) {
    let files = filesWithCRLF(root: root)
    guard let first = files.first else { return }
    let more = files.count > 1 ? " (and \(files.count - 1) more)" : ""
    throw .invalidInput(
      "\(first)\(more) has Windows line endings (CRLF), which \(command) cannot edit; convert "
        + "to LF (perl -pi -e 's/\\r$//' \(first)) and run it again; nothing was changed")
  }

  /// The Swift files (manifests included) under the edited folders and the root manifest that
  /// hold "\r\n", relative to `root`, sorted.
  static func filesWithCRLF(root: URL) -> [String] {
    let core = root.appendingPathComponent("Packages/Core").standardizedFileURL.path + "/"
    var files = [root.appendingPathComponent("Package.swift")]
    for folder in editedFolders {
      files += ImportRules.swiftFiles(in: root.appendingPathComponent(folder)).filter {
        !$0.standardizedFileURL.path.hasPrefix(core)
      }
    }
    let prefix = root.standardizedFileURL.path + "/"
    var found: [String] = []
    for file in files {
      guard let data = FileManager.default.contents(atPath: file.path), hasCRLF(data) else {
        continue
      }
      found.append(String(file.standardizedFileURL.path.dropFirst(prefix.count)))
    }
    return found.sorted()
  }

  /// Whether `data` holds a carriage return followed by a line feed.
  static func hasCRLF(_ data: Data) -> Bool {
    var previous: UInt8 = 0
    for byte in data {
      if previous == 13 && byte == 10 { return true }
      previous = byte
    }
    return false
  }
}
