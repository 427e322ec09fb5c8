import Foundation

/// Rule 5: each feature package builds alone, in a scratch folder of its own (the check that
/// catches an undeclared import of a sibling on every build backend), and the App builds with
/// `--explicit-target-dependency-import-check error`. A non-zero exit is a failure even when
/// the log says "Build complete".
public enum BuildRules {
  /// Builds and returns a violation for each package that does not build. `progress` gets a
  /// line per build.
  public static func check(_ repo: Repo, progress: (String) -> Void = { _ in }) -> [Violation] {
    var violations: [Violation] = []
    let scratchRoot = repo.root.appendingPathComponent(".build-archcheck")
    for manifest in repo.manifests {
      let role = repo.role(of: manifest)
      guard role == .feature || role == .app else { continue }
      var arguments = [
        "swift", "build", "--package-path", manifest.directory.path,
        "--scratch-path", scratchRoot.appendingPathComponent(manifest.name).path,
      ]
      if role == .app {
        arguments += ["--explicit-target-dependency-import-check", "error"]
      }
      progress("building \(manifest.name) alone")
      let path = repo.relativePath(manifest.manifestURL)
      do {
        let output = try Shell.run(arguments)
        if output.status != 0 {
          let log = output.stdout + "\n" + output.stderr
          let firstError =
            log.split(separator: "\n").first { $0.contains("error:") }.map {
              $0.trimmingCharacters(in: .whitespaces)
            } ?? "no error line in the log"
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
}
