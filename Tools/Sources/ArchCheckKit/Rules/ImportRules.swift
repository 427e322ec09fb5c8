import Foundation

/// Rule 4: every `import` in a target's sources names a module the target declares (directly
/// or through its dependencies) or a module of the toolchain.
public enum ImportRules {
  /// Every undeclared import in `repo`.
  public static func check(_ repo: Repo) -> [Violation] {
    let resolver = ModuleResolver(repo: repo)
    var violations: [Violation] = []
    for manifest in repo.manifests {
      let role = repo.role(of: manifest)
      for target in manifest.targets {
        let visible = resolver.visibleModules(of: target, in: manifest)
        let allowed = visible.union(ToolchainModules.names).union([target.name])
        let folder = manifest.directory.appendingPathComponent(target.path)
        for file in swiftFiles(in: folder) {
          guard let source = try? String(contentsOf: file, encoding: .utf8) else { continue }
          for found in SwiftSourceScanner.imports(in: source) where !allowed.contains(found.module)
          {
            violations.append(
              Violation(
                path: repo.relativePath(file), line: found.line,
                message: message(
                  target: target.name, module: found.module, role: role, visible: visible)))
          }
        }
      }
    }
    return violations
  }

  private static func message(
    target: String, module: String, role: Repo.Role, visible: Set<String>
  ) -> String {
    let wrong = "\(target) imports \(module), which it does not declare"
    let declared = visible.isEmpty ? "none" : visible.sorted().joined(separator: ", ")
    switch role {
    case .feature:
      return
        "\(wrong); a feature may import its own modules, Core's and client interfaces (declared: \(declared))"
    case .client:
      return "\(wrong); a client package imports Core's modules and its own (declared: \(declared))"
    case .core:
      return "\(wrong); Core imports only its own modules and the toolchain's"
    case .app, .other:
      return "\(wrong); declare it in Package.swift or remove the import (declared: \(declared))"
    }
  }

  /// The Swift files under `folder`, skipping build folders.
  public static func swiftFiles(in folder: URL) -> [URL] {
    guard
      let enumerator = FileManager.default.enumerator(
        at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
    else { return [] }
    var files: [URL] = []
    for case let url as URL in enumerator {
      if url.lastPathComponent.hasPrefix(".build") {
        enumerator.skipDescendants()
      } else if url.pathExtension == "swift" {
        files.append(url)
      }
    }
    return files.sorted { $0.path < $1.path }
  }
}
