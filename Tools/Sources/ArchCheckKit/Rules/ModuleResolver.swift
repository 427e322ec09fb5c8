/// Works out which modules a target may import: its own dependencies, and theirs, through
/// products of the local packages it depends on.
struct ModuleResolver {
  let repo: Repo

  /// Every module `target` of `manifest` can see through its declared dependencies.
  func visibleModules(of target: PackageManifest.Target, in manifest: PackageManifest) -> Set<
    String
  > {
    var seen: Set<String> = []
    var queue: [(PackageManifest, PackageManifest.Target)] = [(manifest, target)]
    var visitedTargets: Set<String> = []
    while let (package, current) = queue.popLast() {
      let key = package.directory.path + "#" + current.name
      guard visitedTargets.insert(key).inserted else { continue }
      for dependency in current.dependencies {
        for (owner, reached) in resolve(dependency, from: package) {
          seen.insert(reached.name)
          queue.append((owner, reached))
        }
      }
    }
    return seen
  }

  /// The targets a dependency stands for, with the package that owns each.
  func resolve(
    _ dependency: PackageManifest.TargetDependency, from package: PackageManifest
  ) -> [(PackageManifest, PackageManifest.Target)] {
    switch dependency {
    case .target(let name):
      return package.targets.filter { $0.name == name }.map { (package, $0) }
    case .byName(let name):
      let local = package.targets.filter { $0.name == name }
      if !local.isEmpty { return local.map { (package, $0) } }
      return dependencyPackages(of: package).flatMap { productTargets(name, in: $0) }
    case .product(let name, let packageName):
      let owners = dependencyPackages(of: package).filter {
        $0.name == packageName
          || $0.directory.lastPathComponent.lowercased() == packageName.lowercased()
      }
      return owners.flatMap { productTargets(name, in: $0) }
    }
  }

  private func productTargets(
    _ product: String, in package: PackageManifest
  ) -> [(PackageManifest, PackageManifest.Target)] {
    let names = package.products[product] ?? []
    return package.targets.filter { names.contains($0.name) }.map { (package, $0) }
  }

  private func dependencyPackages(of package: PackageManifest) -> [PackageManifest] {
    package.dependencies.compactMap { dependency in
      guard case .local(_, let path) = dependency else { return nil }
      return repo.manifest(atPath: path)
    }
  }
}
