/// Why archcheck could not do what it was asked (as opposed to a rule violation it found).
public enum ArchCheckError: Error, Equatable, CustomStringConvertible {
  /// A manifest that `dump-package` cannot load: where (the compiler's first error's line, or
  /// 1) and why (that error's text).
  case manifestDoesNotLoad(path: String, line: Int, reason: String)
  /// A command that could not run.
  case commandFailed(String)
  /// The folder is not a Switchyard repo.
  case notARepo(String)
  /// Bad input to a command: a one-line reason.
  case invalidInput(String)
  /// A file could not be read or written.
  case file(String)

  /// One line.
  public var description: String {
    switch self {
    case .manifestDoesNotLoad(let path, let line, let reason):
      "\(path):\(line): the manifest does not load: \(reason)"
    case .commandFailed(let message): message
    case .notARepo(let path):
      "\(path) is not a Switchyard repo (no Packages/Core/Package.swift); run from the repo root or pass --root"
    case .invalidInput(let message): message
    case .file(let message): message
    }
  }
}
