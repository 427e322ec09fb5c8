import Foundation

/// Rule 5: each feature and client package builds alone, in a scratch folder of its own (the check that
/// catches an undeclared import of a sibling on every build backend), and the App builds with
/// `--explicit-target-dependency-import-check error`. A non-zero exit is a failure even when
/// the log says "Build complete".
///
/// With a compilation cache (`make check-build CACHE=1`: `cache` is
/// `Tools/scripts/compile-cache.sh`), each package still builds in its own scratch folder, so
/// a sibling's module is never there to be found, but through the cache's one build path: the
/// Core modules every package builds replay from the store after the first package.
public enum BuildRules {
  /// Builds and returns a violation for each package that does not build. `progress` gets a
  /// line per build.
  public static func check(
    _ repo: Repo, cache: URL? = nil, progress: (String) -> Void = { _ in }
  ) -> [Violation] {
    var violations: [Violation] = []
    let scratchRoot = repo.root.appendingPathComponent(".build-archcheck")
    var cacheFlags: [String] = []
    if let cache {
      do {
        let output = try Shell.run([cache.path, "flags", repo.root.path])
        guard output.status == 0 else {
          let reason =
            output.stderr.split(separator: "\n").first.map(String.init) ?? "no reason given"
          return [
            Violation(
              path: "Makefile", line: 1,
              message: "the compilation cache gives no flags: \(reason); build with CACHE=0")
          ]
        }
        cacheFlags = output.stdout.split(separator: "\n").map(String.init)
      } catch {
        return [
          Violation(
            path: "Makefile", line: 1,
            message: "\(cache.path) could not start: \(error); build with CACHE=0")
        ]
      }
    }
    for manifest in repo.manifests {
      let role = repo.role(of: manifest)
      guard role == .feature || role == .client || role == .app else { continue }
      let scratch = scratchRoot.appendingPathComponent(manifest.name).path
      var arguments = ["swift", "build", "--package-path", manifest.directory.path]
      if let cache {
        // The cache's flags hold its build path; `run` points that path at `scratch`.
        arguments = [cache.path, "run", scratch, "--"] + arguments + cacheFlags
      } else {
        arguments += ["--scratch-path", scratch]
      }
      // The build only proves the imports: no index data and no debug info (a fifth less CPU).
      arguments += ["--disable-index-store", "-Xswiftc", "-gnone"]
      if role == .app {
        arguments += ["--explicit-target-dependency-import-check", "error"]
      }
      progress("building \(manifest.name) alone")
      let path = repo.relativePath(manifest.manifestURL)
      do {
        let output = try Shell.run(arguments)
        if output.status != 0 {
          let firstError = mostTellingError(
            in: output.stdout + "\n" + output.stderr, root: repo.root.path)
          violations.append(
            Violation(
              path: path, line: 1,
              message:
                "\(manifest.name) does not build alone (exit \(output.status)): \(firstError); it must build with only its declared dependencies"
            ))
        }
      } catch {
        violations.append(
          Violation(path: path, line: 1, message: "swift build could not start: \(error)"))
      }
    }
    return violations
  }

  /// The error line that says most: a compiler diagnostic (`File.swift:3:8: error: no such
  /// module 'HogeFeature'`, with its path relative to the repo) before a driver's summary like
  /// "emit-module command failed".
  static func mostTellingError(in log: String, root: String) -> String {
    let errors = log.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.contains("error:") }
    let diagnostic = errors.first {
      $0.range(of: #"\.swift:[0-9]+:[0-9]+: error:"#, options: .regularExpression) != nil
    }
    guard
      let line = diagnostic ?? errors.first(where: { !$0.contains("command failed") })
        ?? errors.first
    else { return "no error line in the log" }
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return line.replacingOccurrences(of: prefix, with: "")
  }
}
