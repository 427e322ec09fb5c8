import Foundation

/// Cold builds of a generated workspace through the compilation cache (`make … CACHE=1`), the
/// way `Tools/scripts/compile-cache.sh` sets them up: a store of the run's own, every clone
/// building through one shared link pointed at its own build folder, the clone's parent
/// folder mapped away. Clones of a workspace are copies at another path under the same
/// folder name, as `git clone` makes them.
struct CachedBuilds {
  let workspace: SyntheticWorkspace
  /// The run's cache home: `cas` (the store) and `build` (the link).
  let home: URL
  /// The repo's `compile-cache.sh`, which says what the flags are.
  let script: URL

  private var store: URL { home.appendingPathComponent("cas") }
  private var link: URL { home.appendingPathComponent("build") }

  /// A cold build of the workspace's clone at `root` (the original, or a copy), from an empty
  /// build folder, through the cache; `firstOnMachine` keeps the manifest cache in the empty
  /// build folder too, as on a fresh machine.
  func coldBuild(of root: URL, firstOnMachine: Bool = false) throws(BuildTimeError)
    -> Builder.Result
  {
    let buildFolder = root.appendingPathComponent(".build-cache")
    try? FileManager.default.removeItem(at: buildFolder)
    do {
      try FileManager.default.createDirectory(at: buildFolder, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
      let fresh = home.appendingPathComponent("build.new")
      try? FileManager.default.removeItem(at: fresh)
      try FileManager.default.createSymbolicLink(at: fresh, withDestinationURL: buildFolder)
      // rename(2) replaces the old link in one step, as the script's `mv -T` does.
      guard rename(fresh.path, link.path) == 0 else {
        throw CocoaError(.fileWriteUnknown)
      }
    } catch {
      throw .buildFailed("cannot point \(link.path) at \(buildFolder.path): \(error)")
    }
    let relative = workspace.packagePath.path.dropFirst(workspace.root.path.count)
    let builder = Builder(
      packagePath: URL(fileURLWithPath: root.path + relative), product: "demo",
      scratchPath: link)
    builder.extraArguments =
      try flags(for: root) + (firstOnMachine ? ["--manifest-cache", "local"] : [])
    return try builder.buildOrThrow("the cached cold build of \(root.path) failed")
  }

  /// Empties the store: the next build fills it.
  func emptyStore() {
    try? FileManager.default.removeItem(at: store)
  }

  /// A copy of the workspace at another path, under the same folder name.
  func clone() throws(BuildTimeError) -> URL {
    let parent = FileManager.default.temporaryDirectory.appendingPathComponent(
      "buildtime-clone-\(UUID().uuidString)")
    let copy = parent.appendingPathComponent(workspace.root.lastPathComponent)
    FileGuard.shared.removeOnExit(parent)
    do {
      try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: workspace.root, to: copy)
      for leftover in [".build", ".build-cache"] {
        try? FileManager.default.removeItem(at: copy.appendingPathComponent(leftover))
      }
    } catch {
      throw .buildFailed("cannot copy \(workspace.root.path) to \(copy.path): \(error)")
    }
    return copy
  }

  /// The flags `compile-cache.sh flags` gives for the clone at `root`.
  private func flags(for root: URL) throws(BuildTimeError) -> [String] {
    let process = Process()
    process.executableURL = script
    process.arguments = ["flags", root.path]
    var environment = ProcessInfo.processInfo.environment
    environment["SWITCHYARD_CACHE_HOME"] = home.path
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      throw .buildFailed("\(script.path) could not start: \(error)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw .buildFailed("\(script.path) flags \(root.path) failed")
    }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}
