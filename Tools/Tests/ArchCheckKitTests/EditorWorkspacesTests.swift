import Foundation
import Testing

@testable import ArchCheckKit

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Rule 10 and `archcheck workspace`: Xcode's and VS Code's workspaces list every package
/// folder, and `make check` catches them stale.
@Suite("editor workspaces")
struct EditorWorkspacesTests {
  /// The `location`s of an Xcode workspace, read with an XML parser.
  private func xcodeLocations(_ text: String) throws -> [String] {
    let parser = XMLParser(data: Data(text.utf8))
    let reader = LocationReader()
    parser.delegate = reader
    guard parser.parse() else { throw FixtureError("not XML: \(text)") }
    return reader.locations
  }

  /// The folders of a VS Code workspace, read as JSON.
  private func codeFolders(_ text: String) throws -> [[String: String]] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    return object?["folders"] as? [[String: String]] ?? []
  }

  private func violations(_ repo: FixtureRepo) throws -> [Violation] {
    let (loaded, problems) = try Repo.load(root: repo.root)
    #expect(problems.isEmpty)
    return EditorWorkspaces.check(loaded)
  }

  @Test(
    "Xcode's lists the root's documents and every package; VS Code's the root and what the root workspace leaves out"
  )
  func listEveryPackage() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.addClient("Weather")
    try repo.write("Tools/Package.swift", FixtureRepo.featureManifest("Tool"))
    try EditorWorkspaces.write(root: repo.root)
    let folders = [
      "Packages/Core", "Packages/FugaFeature", "Packages/HogeFeature",
      "Packages/Clients/WeatherClient", "App", "Tools",
    ]
    let xcode = try xcodeLocations(try repo.read(EditorWorkspaces.xcodePath))
    // The root's documents first (the fixture has ARCHITECTURE.md and Docs of them), then the
    // packages.
    #expect(xcode == (["ARCHITECTURE.md", "Docs"] + folders).map { "group:\($0)" })
    let code = try codeFolders(try repo.read(EditorWorkspaces.codePath))
    #expect(code.map { $0["path"] } == [".", "Tools"])
    #expect(code.map { $0["name"] } == [EditorWorkspaces.rootFolderName, "ToolFeature"])
    #expect(try violations(repo).isEmpty)
  }

  @Test("a new feature leaves Xcode's stale (one line to add) and VS Code's as it was")
  func staleIsReported() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    let xcodeBefore = try repo.read(EditorWorkspaces.xcodePath)
    try repo.write("Packages/PiyoFeature/Package.swift", FixtureRepo.featureManifest("Piyo"))
    let stale = try violations(repo)
    #expect(stale.map(\.path) == [EditorWorkspaces.xcodePath])
    #expect(stale.allSatisfy { $0.line == 1 && $0.message.contains("run make generate") })
    #expect(try EditorWorkspaces.write(root: repo.root) == [EditorWorkspaces.xcodePath])
    #expect(try violations(repo).isEmpty)
    #expect(try EditorWorkspaces.write(root: repo.root).isEmpty)
    let added = try repo.read(EditorWorkspaces.xcodePath).split(separator: "\n").filter {
      !xcodeBefore.split(separator: "\n").contains($0)
    }
    #expect(added == [#"   <FileRef location = "group:Packages/PiyoFeature"></FileRef>"#])
  }

  @Test("a missing file, or one edited by hand, is reported and rewritten")
  func missingOrEdited() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try FileManager.default.removeItem(
      at: repo.root.appendingPathComponent("Switchyard.xcworkspace"))
    try repo.edit(
      EditorWorkspaces.codePath, replacing: "\"path\": \".\"", with: "\"path\": \"Old\"")
    #expect(
      try violations(repo).map(\.path) == [EditorWorkspaces.xcodePath, EditorWorkspaces.codePath])
    #expect(try EditorWorkspaces.write(root: repo.root).count == 2)
    #expect(try violations(repo).isEmpty)
  }

  @Test("folder names with XML and JSON specials come out escaped and read back unchanged")
  func escaping() throws {
    let odd = #"A&B "quoted" <tag> \slash"#
    #expect(try xcodeLocations(EditorWorkspaces.xcodeWorkspace([odd])) == ["group:\(odd)"])
    let folders = try codeFolders(EditorWorkspaces.codeWorkspace([(name: odd, path: odd)]))
    #expect(folders == [["name": odd, "path": odd]])
  }
}

/// Collects the `location` attribute of every `FileRef`.
private final class LocationReader: NSObject, XMLParserDelegate {
  var locations: [String] = []

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    if elementName == "FileRef", let location = attributes["location"] {
      locations.append(location)
    }
  }
}
