import Foundation

/// Rules 1–3 (and the package half of rule 8), read from the manifests (`dump-package`), never from regexes over them; the
/// manifest text is only searched to point at the offending line.
public enum ManifestRules {
  /// Every violation of rules 1–3 in `repo`.
  public static func check(_ repo: Repo) -> [Violation] {
    var violations: [Violation] = []
    let corePath = repo.root.appendingPathComponent("Packages/Core").standardizedFileURL.path
    for manifest in repo.manifests {
      let text = (try? String(contentsOf: manifest.manifestURL, encoding: .utf8)) ?? ""
      let path = repo.relativePath(manifest.manifestURL)
      let role = repo.role(of: manifest)
      for dependency in manifest.dependencies {
        switch dependency {
        case .remote(_, let location):
          violations.append(
            Violation(
              path: path, line: line(in: text, mentioning: location),
              message:
                "\(manifest.name) names the remote package \(location); only local packages (.package(path:)) are allowed, so the repo builds offline"
            ))
        case .local(_, let dependencyPath):
          let target = URL(fileURLWithPath: dependencyPath).standardizedFileURL
          let name = target.lastPathComponent
          let line = line(in: text, mentioning: "/" + name + "\"")
          let isClient = repo.manifest(atPath: target.path).map { repo.role(of: $0) } == .client
          if role == .feature && target.path != corePath && !isClient {
            violations.append(
              Violation(
                path: path, line: line,
                message:
                  "\(manifest.name) depends on \(name); a feature depends on ../Core and client packages (../Clients/<Name>Client) only"
              ))
          }
          if role == .client && target.path != corePath {
            violations.append(
              Violation(
                path: path, line: line,
                message:
                  "\(manifest.name) depends on \(name); a client package depends on ../../Core only"
              ))
          }
          if role == .core {
            violations.append(
              Violation(
                path: path, line: line,
                message: "Core depends on \(name); Core depends on no package, local or remote"))
          }
        }
      }
    }
    return violations
  }

  /// The first line of `text` that mentions `needle`, or 1.
  static func line(in text: String, mentioning needle: String) -> Int {
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    where line.contains(needle) {
      return index + 1
    }
    return 1
  }
}
