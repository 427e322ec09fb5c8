import ArchCheckKit
import Foundation
import Testing

/// Rule 8 on fixture repos with a client package: each module kind depends only on what it may,
/// and the App links the live module of every client interface it reaches.
@Suite("module kinds")
struct ModuleKindTests {
  @Test("a fixture with a client package used by a feature and linked live by the App is clean")
  func clean() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.addClient("Items")
    #expect(try repo.verify() == [])
  }

  @Test("a feature that depends on a live client is reported at the manifest line")
  func featureDependsOnLive() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.addClient("Items")
    try repo.edit(
      "Packages/HogeFeature/Package.swift",
      replacing: ".product(name: \"ItemsClient\", package: \"ItemsClient\")",
      with: ".product(name: \"ItemsClientLive\", package: \"ItemsClient\")")
    try ArchCheck.writeGraph(root: repo.root)
    let found = try repo.verify().map(\.description)
    #expect(
      found == [
        "Packages/HogeFeature/Package.swift:14: HogeFeature (feature) depends on ItemsClientLive (live client); a feature never depends on a live client: only the App links live values"
      ])
  }

  @Test("a feature's library on the console runtime is reported; its preview may use it")
  func featureLibraryOnConsole() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.edit(
      "Packages/HogeFeature/Package.swift",
      replacing: "dependencies: [.product(name: \"CoreUI\", package: \"Core\")]\n    ),",
      with: """
        dependencies: [.product(name: "CoreConsole", package: "Core")]
            ),
            .executableTarget(
              name: "HogePreview",
              dependencies: ["HogeFeature", .product(name: "CoreConsole", package: "Core")]
            ),
        """)
    try repo.write("Packages/HogeFeature/Sources/HogePreview/main.swift", "print(1)\n")
    try ArchCheck.writeGraph(root: repo.root)
    try RootWorkspace.write(root: repo.root)
    let found = try repo.verify().map(\.description)
    #expect(
      found == [
        "Packages/HogeFeature/Package.swift:13: HogeFeature (feature) depends on CoreConsole (core); a feature's views render through CoreUI only: the console runtime is for its preview executable and the App"
      ], "\(found)")
  }

  @Test("the App reaching a client interface without its live module is reported")
  func appWithoutLive() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.addClient("Items")
    try repo.edit(
      "App/Package.swift",
      replacing: ".product(name: \"ItemsClientLive\", package: \"ItemsClient\"),", with: "")
    try ArchCheck.writeGraph(root: repo.root)
    let found = try repo.verify().map(\.description)
    #expect(
      found == [
        "App/Package.swift:1: App reaches ItemsClient but links no ItemsClientLive, so it would run on the test value; add .product(name: \"ItemsClientLive\", package: \"ItemsClient\") to the App's target"
      ])
  }

  @Test("a client interface without a live module beside it is reported")
  func interfaceWithoutLive() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.addClient("Items")
    try repo.write(
      "Packages/Clients/ItemsClient/Sources/ItemsClientExtras/Extras.swift",
      "public enum Extras {}\n")
    try repo.edit(
      "Packages/Clients/ItemsClient/Package.swift",
      replacing: ".target(name: \"ItemsClientLive\"",
      with: ".target(name: \"ItemsClientExtras\"),\n    .target(name: \"ItemsClientLive\"")
    try ArchCheck.writeGraph(root: repo.root)
    let found = try repo.verify().map(\.description)
    #expect(
      found == [
        "Packages/Clients/ItemsClient/Package.swift:18: ItemsClientExtras has no ItemsClientExtrasLive beside it; a client package holds the interface <Name>Client and its live value <Name>ClientLive"
      ])
  }

  @Test("an executable beside a client (a benchmark of its live value) may link the live value")
  func benchmarkBesideClient() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.addClient("Items")
    try repo.write(
      "Packages/Clients/ItemsClient/Sources/ItemsBenchmark/main.swift",
      "import ItemsClientLive\nprint(1)\n")
    try repo.edit(
      "Packages/Clients/ItemsClient/Package.swift",
      replacing: ".target(name: \"ItemsClientLive\"",
      with:
        ".executableTarget(name: \"ItemsBenchmark\", dependencies: [\"ItemsClientLive\"]),\n"
        + "    .target(name: \"ItemsClientLive\"")
    try ArchCheck.writeGraph(root: repo.root)
    #expect(try repo.verify().map(\.description) == [])
    // A library of the same shape is still held to the client rules.
    try repo.edit(
      "Packages/Clients/ItemsClient/Package.swift",
      replacing: ".executableTarget(name: \"ItemsBenchmark\"",
      with: ".target(name: \"ItemsBenchmark\"")
    try ArchCheck.writeGraph(root: repo.root)
    #expect(try repo.verify().map(\.description).contains { $0.contains("ItemsBenchmark has no") })
  }

  @Test("a client interface that depends on its live module or a feature is reported")
  func interfaceDependsOnMore() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.addClient("Items")
    try repo.edit(
      "Packages/Clients/ItemsClient/Package.swift",
      replacing: "dependencies: [.product(name: \"CoreDependencies\", package: \"Core\")]",
      with:
        "dependencies: [.product(name: \"CoreDependencies\", package: \"Core\"), \"ItemsClientLive\"]"
    )
    try repo.edit(
      "Packages/Clients/ItemsClient/Package.swift",
      replacing: ".package(path: \"../../Core\"),",
      with: ".package(path: \"../../Core\"),\n    .package(path: \"../../HogeFeature\"),")
    try ArchCheck.writeGraph(root: repo.root)
    let found = try repo.verify().map(\.description)
    #expect(
      found == [
        "Packages/Clients/ItemsClient/Package.swift:12: ItemsClient depends on HogeFeature; a client package depends on ../../Core only",
        "Packages/Clients/ItemsClient/Package.swift:17: ItemsClient (client) depends on ItemsClientLive (live client); a client interface depends on Core only",
      ])
  }

  @Test("the graph labels and colours every module by its kind")
  func graphKinds() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.addClient("Items")
    let graph = try ArchCheck.graph(root: repo.root)
    let mermaid = graph.mermaid()
    #expect(mermaid.contains("ItemsClient_ItemsClient[\"ItemsClient · client\"]:::client"))
    #expect(
      mermaid.contains(
        "ItemsClient_ItemsClientLive[\"ItemsClientLive · live client\"]:::liveClient"))
    #expect(mermaid.contains("HogeFeature_HogeFeature[\"HogeFeature · feature\"]:::feature"))
    #expect(mermaid.contains("Core_CoreStore[\"CoreStore · core\"]:::core"))
    #expect(mermaid.contains("classDef liveClient fill:#f9dede"))
    #expect(graph.dot().contains("label=\"ItemsClientLive\\nlive client\""))
    #expect(graph.edges.contains { $0.from.target == "AppLive" && $0.to.kind == .clientLive })
  }

  @Test("the App's router linking a live client is reported: only its live assembly may")
  func routerLinksLive() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.addClient("Items")
    try repo.edit(
      "App/Package.swift",
      replacing: ".product(name: \"CoreStore\", package: \"Core\"),",
      with:
        ".product(name: \"CoreStore\", package: \"Core\"),\n        .product(name: \"ItemsClientLive\", package: \"ItemsClient\"),"
    )
    try ArchCheck.writeGraph(root: repo.root)
    let found = try repo.verify().map(\.description)
    #expect(
      found == [
        "App/Package.swift:17: AppFeature (app) depends on ItemsClientLive (live client); the router links client interfaces only: live clients belong in the App's live assembly (a target named <Name>Live) or its executable"
      ])
  }
}
