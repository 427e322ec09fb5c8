import Foundation

/// A folder opened once, whose files are then read, replaced, renamed and removed relative to
/// that open folder (`openat`, `renameat`, `unlinkat`), and never through a symbolic link: a
/// read refuses a name that is a link, and a replace puts a file in the link's place. So once
/// a program has opened and
/// checked its folder, nothing swapped in afterwards (the folder's path, or a file's name,
/// turned into a link to somewhere else) can send a read or a write anywhere but here.
///
/// A replace is durable: the new bytes go to a temporary file in the folder
/// (`.name.<uuid>.tmp`), which is flushed (`fsync`), given the old file's permissions, and
/// renamed over the name; then the folder is flushed. A crash leaves the old contents or the
/// new ones, never a mix, and at worst a temporary file (``temporaries(of:)``).
public final class OpenedFolder: Sendable {
  /// The path the folder was opened by, for messages.
  public let url: URL
  private let descriptor: Int32
  /// Runs just before a replace renames its temporary file over the name: a test's gate, to
  /// make the gap between a check and the write as wide as it likes.
  private let beforeRename: (@Sendable (String) -> Void)?

  /// Opens the folder at `url`, creating it (and its parents) when `creating` and missing.
  /// With `followingLink` false, a link at `url` itself is refused (`ELOOP`), not followed.
  public convenience init(
    _ url: URL, creating: Bool = true, followingLink: Bool = true
  ) throws(DurableFileError) {
    try self.init(url, creating: creating, followingLink: followingLink, beforeRename: nil)
  }

  init(
    _ url: URL, creating: Bool, followingLink: Bool = true,
    beforeRename: (@Sendable (String) -> Void)?
  ) throws(DurableFileError) {
    guard let opened = try Self.open(url, creating: creating, followingLink: followingLink) else {
      throw DurableFileError(
        "cannot open the folder \(url.path): there is no folder there", code: ENOENT)
    }
    self.url = url
    self.descriptor = opened
    self.beforeRename = beforeRename
  }

  /// The folder at `url` opened, or nil when there is none (nothing is stored there yet, or
  /// its path runs through a file).
  public static func existing(_ url: URL) throws(DurableFileError) -> OpenedFolder? {
    guard let opened = try open(url, creating: false, followingLink: true) else { return nil }
    return OpenedFolder(url: url, descriptor: opened)
  }

  private init(url: URL, descriptor: Int32) {
    self.url = url
    self.descriptor = descriptor
    self.beforeRename = nil
  }

  /// A descriptor of the folder at `url`, created first when `creating`; nil when there is
  /// no folder there (and `creating` is false).
  private static func open(
    _ url: URL, creating: Bool, followingLink: Bool
  ) throws(DurableFileError) -> Int32? {
    if creating {
      do {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      } catch {
        throw DurableFileError(
          "cannot create the folder \(url.path): \(sentence(error.localizedDescription))")
      }
    }
    let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followingLink ? 0 : O_NOFOLLOW)
    let descriptor = Foundation.open(url.path, flags)
    guard descriptor >= 0 else {
      if !creating && (errno == ENOENT || errno == ENOTDIR) { return nil }
      throw DurableFileError.system("cannot open the folder \(url.path)")
    }
    return descriptor
  }

  deinit {
    close(descriptor)
  }

  /// Whether the folder was deleted since it was opened (its files can no longer be made).
  public var isDeleted: Bool {
    var status = stat()
    return fstat(descriptor, &status) != 0 || status.st_nlink == 0
  }

  /// The entry `name` itself (a link is not followed); nil when there is none, the name is not
  /// one entry's, or the system cannot examine it.
  public func identity(of name: String) -> FileIdentity? {
    var status = stat()
    guard Self.isPlainName(name), fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0
    else { return nil }
    return FileIdentity(status)
  }

  /// What the entry `name` is when it is there and not a regular file ("a symbolic link",
  /// "a folder", "a FIFO (named pipe)", …: ``FileKind``); nil for a regular file, or when
  /// ``identity(of:)`` would be nil.
  public func kind(of name: String) -> String? {
    var status = stat()
    guard Self.isPlainName(name), fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0
    else { return nil }
    return FileKind.notARegularFile(mode: status.st_mode)
  }

  /// Whether there is an entry `name` (of any kind, a link included).
  public func contains(_ name: String) -> Bool {
    identity(of: name) != nil
  }

  /// Opens the entry `name` with `flags` (`O_NOFOLLOW` and `O_CLOEXEC` added): a descriptor,
  /// or -1 with `errno` set (`ELOOP` for a link).
  public func openFile(_ name: String, flags: Int32, mode: mode_t = 0o644) -> Int32 {
    guard Self.isPlainName(name) else {
      errno = EINVAL
      return -1
    }
    return openat(descriptor, name, flags | O_NOFOLLOW | O_CLOEXEC, mode)
  }

  /// The bytes of the regular file `name` and the identity they were read under; nil when
  /// there is no such entry. It is opened without blocking and without following a link, and
  /// refused (one sentence: "it is a symbolic link, …") when it is a link, a FIFO, a device,
  /// a folder, or larger than `limit` bytes, before a byte is read.
  public func read(_ name: String, atMost limit: Int) throws(DurableFileError) -> (
    data: Data, identity: FileIdentity
  )? {
    let file = openFile(name, flags: O_RDONLY | O_NONBLOCK)
    guard file >= 0 else {
      if errno == ENOENT { return nil }
      if errno == ELOOP {
        throw DurableFileError(
          "it is a symbolic link, which is not followed here; put the file itself in its place",
          refusedKind: FileKind.symbolicLink)
      }
      throw DurableFileError.system("cannot read \(name)")
    }
    defer { close(file) }
    var status = stat()
    guard fstat(file, &status) == 0 else {
      throw DurableFileError.system("cannot examine \(name)")
    }
    if let kind = FileKind.notARegularFile(mode: status.st_mode) {
      throw DurableFileError("it is \(kind), not a regular file", refusedKind: kind)
    }
    let tooLarge = DurableFileError(
      "it is larger than \(limit / 1024 / 1024) MiB, more than this file may hold")
    guard status.st_size <= limit else { throw tooLarge }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { readBytes(file, into: $0) }
      if count == 0 { return (data, FileIdentity(status)) }
      if count < 0 {
        if errno == EINTR { continue }
        throw DurableFileError.system("cannot read \(name)")
      }
      data.append(contentsOf: buffer[..<count])
      guard data.count <= limit else { throw tooLarge }
    }
  }

  /// Replaces the entry `name` with a regular file holding `data`, durably (see the type);
  /// returns the new file's identity. A link in its place is replaced, never written through;
  /// a regular file's permissions are kept.
  public func replace(_ name: String, with data: Data) throws(DurableFileError) -> FileIdentity {
    guard Self.isPlainName(name) else { throw DurableFileError("\(name) is not a file's name") }
    var status = stat()
    let existingMode: mode_t? =
      fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0
        && status.st_mode & S_IFMT == S_IFREG ? status.st_mode & 0o7777 : nil
    let temporary = ".\(name).\(UUID().uuidString).tmp"
    let file = openFile(temporary, flags: O_WRONLY | O_CREAT | O_EXCL)
    guard file >= 0 else { throw DurableFileError.system("cannot create \(temporary)") }
    let written: FileIdentity
    do throws(DurableFileError) {
      try Self.writeAll(data, to: file, name: name)
      if let existingMode, fchmod(file, existingMode) != 0 {
        throw DurableFileError.system("cannot keep the file's permissions")
      }
      guard fsync(file) == 0 else {
        throw DurableFileError.system("cannot flush \(name) to disk")
      }
      guard let identity = FileIdentity.of(descriptor: file) else {
        throw DurableFileError.system("cannot examine the new \(name)")
      }
      written = identity
      close(file)
    } catch {
      close(file)
      unlinkat(descriptor, temporary, 0)
      throw error
    }
    beforeRename?(name)
    guard renameat(descriptor, temporary, descriptor, name) == 0 else {
      let error = DurableFileError.system("cannot replace \(name)")
      unlinkat(descriptor, temporary, 0)
      throw error
    }
    _ = fsync(descriptor)
    // Renaming keeps the file's inode, size and modification time.
    return written
  }

  /// The temporary files a replace of `name` left when its process was killed mid-write
  /// (`.name.<uuid>.tmp`), oldest name first.
  public func temporaries(of name: String) -> [String] {
    let prefix = ".\(name)."
    return entries().filter { $0.hasPrefix(prefix) && $0.hasSuffix(".tmp") }.sorted()
  }

  /// The names in the folder, `.` and `..` left out.
  public func entries() -> [String] {
    // A descriptor of its own, so two readers never share a position in the listing.
    let copy = openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard copy >= 0, let directory = fdopendir(copy) else {
      if copy >= 0 { close(copy) }
      return []
    }
    defer { closedir(directory) }
    rewinddir(directory)
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Removes the entry `name` (a link itself, never its target); whether it was removed.
  @discardableResult
  public func remove(_ name: String) -> Bool {
    Self.isPlainName(name) && unlinkat(descriptor, name, 0) == 0
  }

  /// Renames the entry `name` to `newName` when nothing has that name; whether it was
  /// renamed (`errno` says why not).
  public func move(_ name: String, to newName: String) -> Bool {
    guard Self.isPlainName(name), Self.isPlainName(newName) else {
      errno = EINVAL
      return false
    }
    // A hard link fails if `newName` exists, where a rename would replace it.
    if linkat(descriptor, name, descriptor, newName, 0) == 0 {
      return unlinkat(descriptor, name, 0) == 0
    }
    // A file system without hard links: a rename, once nothing has the name.
    guard errno != EEXIST, !contains(newName) else {
      errno = EEXIST
      return false
    }
    return renameat(descriptor, name, descriptor, newName) == 0
  }

  /// A name of an entry of this folder: not empty, no `/`, not `.` or `..`.
  private static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && !name.contains("/") && name != "." && name != ".."
  }

  private static func writeAll(
    _ data: Data, to file: Int32, name: String
  ) throws(DurableFileError) {
    var failure: DurableFileError?
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(file, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = .system("cannot write \(name)")
          return
        }
        offset += written
      }
    }
    if let failure { throw failure }
  }

  private static func sentence(_ text: String) -> String {
    var text = text
    while text.hasSuffix(".") { text.removeLast() }
    return text
  }
}

/// `read(2)` into `buffer`, named apart from ``OpenedFolder/read(_:atMost:)``.
private func readBytes(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
  read(descriptor, buffer.baseAddress, buffer.count)
}
