import Foundation

/// Checks an incremental build's product against a clean build of the same tree: the demo
/// each built runs the same ``DemoRuns``, and what they print must be the same. A faster build
/// that is wrong is worse than a slow one; every timing the lab reports, and every edit its
/// fuzzer makes, goes through this.
public enum ProductCheck {
  /// nil when `actual` is `expected`; else the first lines where they part, one line each side.
  public static func difference(expected: String, actual: String) -> String? {
    guard expected != actual else { return nil }
    let left = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let right = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var index = 0
    while index < left.count, index < right.count, left[index] == right[index] {
      index += 1
    }
    // The run the line belongs to: the last `== NAME` header at or above it.
    let header =
      left[..<min(index + 1, left.count)].last { $0.hasPrefix("== ") }
      .map { "in \($0.dropFirst(3)): " } ?? ""
    let clean = index < left.count ? String(left[index]) : "(the end)"
    let incremental = index < right.count ? String(right[index]) : "(the end)"
    return "\(header)line \(index + 1): a clean build prints \"\(clean)\","
      + " the incremental build \"\(incremental)\""
  }

  /// Builds the demo of the package at `packagePath` (the root workspace, or the App) from
  /// nothing into `scratch` (emptied first), and returns what it prints for `runs`. The fast
  /// loop's flags (no index store, no debug information) change nothing the demo prints and
  /// make the clean build cheaper.
  public static func cleanOutputs(
    packagePath: URL, scratch: URL, runs: DemoRuns
  ) throws(BuildTimeError) -> String {
    try? FileManager.default.removeItem(at: scratch)
    let builder = Builder(packagePath: packagePath, product: "demo", scratchPath: scratch)
    builder.extraArguments = ["--disable-index-store", "-Xswiftc", "-gnone"]
    _ = try builder.buildOrThrow("the clean build of the same tree failed")
    return try runs.outputs(demo: scratch.appendingPathComponent("debug/demo"))
  }
}

/// The product check of a timing run: what a clean build of each tree the run builds prints,
/// made once per tree, and each timed build's demo compared with it.
public final class ProductChecker {
  let packagePath: URL
  let runs: DemoRuns
  let scratch: URL
  private var references: [String: String] = [:]

  /// A checker of the repo at `root` whose demo the package at `packagePath` builds, with its
  /// clean builds in `scratch`.
  public init(root: URL, packagePath: URL, scratch: URL) {
    self.packagePath = packagePath
    self.scratch = scratch
    runs = DemoRuns(root: root)
  }

  /// What a clean build of the tree as it is now prints, made once for `tree` (a name for this
  /// state of the files: `committed`, or an edit that changes behaviour).
  func reference(for tree: String) throws(BuildTimeError) -> String {
    if let kept = references[tree] { return kept }
    let made = try ProductCheck.cleanOutputs(packagePath: packagePath, scratch: scratch, runs: runs)
    references[tree] = made
    return made
  }

  /// nil when the demo at `demo` prints what a clean build of `tree` prints; else where not.
  func mismatch(demo: URL, tree: String) throws(BuildTimeError) -> String? {
    let expected = try reference(for: tree)
    return ProductCheck.difference(expected: expected, actual: try runs.outputs(demo: demo))
  }

  /// Drops the clean builds' folder.
  public func cleanUp() {
    try? FileManager.default.removeItem(at: scratch)
  }
}
