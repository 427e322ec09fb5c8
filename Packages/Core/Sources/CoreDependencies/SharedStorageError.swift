/// Why a stored shared value (`.fileStorage`, `.appStorage`) was not read or not saved, in one
/// line that says what to do. A save that fails in the background is reported as an issue
/// with this text; ``Shared/save()`` and ``Shared/load()`` throw it.
public struct SharedStorageError: Error, Equatable, CustomStringConvertible {
  /// The reason and what to do.
  public let description: String

  static func unreadable(_ name: String, as type: Any.Type, reason: String) -> Self {
    Self(
      description: "\(name) cannot be read as \(type) (\(reason)); it is left as it is and "
        + "nothing is saved over it: fix or move it away, then load again")
  }

  static func changedElsewhere(_ name: String) -> Self {
    Self(
      description: "\(name) was changed by another program after this one read it; this "
        + "change is not saved over it: load to take the stored value, then change it again")
  }

  static func notWritten(_ name: String, reason: String) -> Self {
    Self(
      description: "cannot save \(name) (\(reason)); the change is kept in memory and saved "
        + "with the next change or save")
  }
}
