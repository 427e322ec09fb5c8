import Foundation

extension DataFolderLock {
  /// Before any write of a file of the data folder (the items, the session, the settings, and
  /// whatever a later feature stores there): nil when `url` may be written now. It may not
  /// when this process no longer holds the folder's lock (``confirm()``: the folder was
  /// deleted and another demo took it), or when `url` is a link that leads to another file of
  /// the folder: `session.json` linked to `items.json` would write the session over the
  /// items. A link out of the folder is followed, as the item file's promise says.
  public func confirm(writing url: URL) -> DataFolderLockRefusal? {
    if let refusal = confirm() { return refusal }
    guard let link = Self.linkIntoFolder(url, folder: directory) else { return nil }
    return DataFolderLockRefusal(
      "\(link); nothing was written (remove the link: rm \(url.path))")
  }

  /// `url` leads, through links, to another file of `folder` (the lock file included), or
  /// through links without end: says so, naming both; nil when it leads to itself or out of
  /// the folder.
  public static func linkIntoFolder(_ url: URL, folder: URL) -> String? {
    guard let target = finalTarget(of: url) else {
      return "\(url.path) is a chain of links that never ends"
    }
    let inFolder = folder.resolvingSymlinksInPath().standardizedFileURL.path
    guard target.deletingLastPathComponent().resolvingSymlinksInPath().path == inFolder,
      target.lastPathComponent != url.lastPathComponent
    else { return nil }
    return "\(url.path) is a link to \(target.lastPathComponent), another file of the data folder, "
      + "so writing it would write over that file"
  }

  /// Where `url` leads through symbolic links, link by link (so a link to a file that does not
  /// exist yet still leads to it); nil for a chain longer than the system follows.
  private static func finalTarget(of url: URL) -> URL? {
    var current = url.standardizedFileURL
    for _ in 0..<40 {
      guard
        let destination = try? FileManager.default.destinationOfSymbolicLink(
          atPath: current.path)
      else { return current }
      current =
        destination.hasPrefix("/")
        ? URL(fileURLWithPath: destination).standardizedFileURL
        : current.deletingLastPathComponent().appendingPathComponent(destination)
          .standardizedFileURL
    }
    return nil
  }
}
