import Foundation

/// Rule 8: every module depends only on what its kind allows (``ModuleKind``), every client
/// interface has its live module beside it, the App's router links interfaces only (its live
/// assembly, a target named `<Name>Live`, or its executable links the live modules), and the
/// App links the live module of every client interface it reaches, so a missing live value
/// fails `make check` instead of running the demo on a test value. A feature's library renders
/// through `CoreUI` only: `CoreConsole`, the runtime, is for its preview and the App.
public enum ModuleKindRules {
  /// Core's console runtime, which a feature's library may not depend on (its preview may).
  static let consoleModule = "CoreConsole"

  /// Every violation of rule 8 in `repo`.
  public static func check(_ repo: Repo) -> [Violation] {
    let resolver = ModuleResolver(repo: repo)
    var violations: [Violation] = []
    for manifest in repo.manifests {
      let text = (try? String(contentsOf: manifest.manifestURL, encoding: .utf8)) ?? ""
      let path = repo.relativePath(manifest.manifestURL)
      for target in manifest.targets {
        let kind = repo.kind(of: target, in: manifest)
        for dependency in target.dependencies {
          for (owner, reached) in resolver.resolve(dependency, from: manifest) {
            let reachedKind = repo.kind(of: reached, in: owner)
            let samePackage = owner.directory == manifest.directory
            let isAppRouter =
              kind == .app && !target.isExecutable && !target.name.hasSuffix("Live")
            let isFeatureLibrary = kind == .feature && !target.isExecutable
            let rule: String?
            if isAppRouter && reachedKind == .clientLive {
              rule =
                "the router links client interfaces only: live clients belong in the App's "
                + "live assembly (a target named <Name>Live) or its executable"
            } else if isFeatureLibrary && reachedKind == .core && reached.name == consoleModule {
              rule =
                "a feature's views render through CoreUI only: the console runtime is for its "
                + "preview executable and the App"
            } else {
              rule = refusal(kind, dependingOn: reachedKind, samePackage: samePackage)
            }
            guard let rule else { continue }
            violations.append(
              Violation(
                path: path,
                line: line(in: text, mentioning: reached.name, inTarget: target.name),
                message:
                  "\(target.name) (\(kind.rawValue)) depends on \(reached.name) (\(reachedKind.rawValue)); \(rule)"
              ))
          }
        }
        if kind == .clientInterface,
          !manifest.targets.contains(where: { $0.name == target.name + "Live" })
        {
          violations.append(
            Violation(
              path: path, line: line(in: text, mentioning: target.name, inTarget: target.name),
              message:
                "\(target.name) has no \(target.name)Live beside it; a client package holds the interface <Name>Client and its live value <Name>ClientLive"
            ))
        }
      }
      if repo.role(of: manifest) == .app {
        violations += missingLiveModules(of: manifest, in: repo, text: text, path: path)
      }
    }
    return violations
  }

  /// The line that names `module` in the declaration of `target` (the first line naming it
  /// from the one with `name: "<target>"` in the manifest's `targets:`), or the first line
  /// naming it at all.
  static func line(in text: String, mentioning module: String, inTarget target: String) -> Int {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let targets = lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("targets:") }
    let start = lines.indices.first { index in
      index > (targets ?? 0) && lines[index].contains("name: \"\(target)\"")
    }
    for index in (start ?? 0)..<lines.count where lines[index].contains("\"\(module)\"") {
      return index + 1
    }
    return ManifestRules.line(in: text, mentioning: "\"\(module)\"")
  }

  /// Why a module of `kind` may not depend on one of `other`, or nil when it may.
  static func refusal(
    _ kind: ModuleKind, dependingOn other: ModuleKind, samePackage: Bool
  ) -> String? {
    switch (kind, other) {
    case (.app, _), (.other, _), (.core, .core), (.clientInterface, .core),
      (.clientLive, .core), (.clientLive, .clientInterface), (.feature, .core),
      (.feature, .clientInterface):
      return nil
    case (.feature, .feature) where samePackage:
      return nil
    case (.feature, .clientLive):
      return "a feature never depends on a live client: only the App links live values"
    case (.feature, _):
      return "a feature depends on Core and client interfaces only"
    case (.clientInterface, _):
      return "a client interface depends on Core only"
    case (.clientLive, _):
      return "a live client depends on Core and client interfaces only"
    case (.core, _):
      return "Core depends on nothing outside Core"
    }
  }

  /// The client interfaces the App's modules reach without reaching their live modules.
  private static func missingLiveModules(
    of manifest: PackageManifest, in repo: Repo, text: String, path: String
  ) -> [Violation] {
    let resolver = ModuleResolver(repo: repo)
    var reached: [String: (PackageManifest, PackageManifest.Target)] = [:]
    var queue = manifest.targets.filter { !$0.isTest }.map { (manifest, $0) }
    while let (package, target) = queue.popLast() {
      for dependency in target.dependencies {
        for (owner, next) in resolver.resolve(dependency, from: package)
        where reached[next.name] == nil {
          reached[next.name] = (owner, next)
          queue.append((owner, next))
        }
      }
    }
    var violations: [Violation] = []
    for (name, (owner, target)) in reached.sorted(by: { $0.key < $1.key })
    where repo.kind(of: target, in: owner) == .clientInterface && reached[name + "Live"] == nil {
      violations.append(
        Violation(
          path: path, line: ManifestRules.line(in: text, mentioning: "\"\(name)\""),
          message:
            "\(manifest.name) reaches \(name) but links no \(name)Live, so it would run on the test value; add .product(name: \"\(name)Live\", package: \"\(owner.name)\") to the App's target"
        ))
    }
    return violations
  }
}
