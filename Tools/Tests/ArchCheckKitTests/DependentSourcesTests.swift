import ArchCheckKit
import Foundation
import Testing

/// After a screen-list or route edit, the modules built on a feature compile again on the
/// next build (SwiftPM's incremental build misses the layout change otherwise, and the demo
/// it links crashes): their files get a newer modification time; the features' own and
/// Core's keep theirs.
@Suite("touching the modules built on a feature")
struct DependentSourcesTests {
  /// Every Swift file of the fixture, with its modification time.
  static func times(_ repo: FixtureRepo) throws -> [String: Date] {
    var times: [String: Date] = [:]
    let enumerator = FileManager.default.enumerator(atPath: repo.root.path)
    while let path = enumerator?.nextObject() as? String {
      guard path.hasSuffix(".swift"), !path.hasSuffix("Package.swift") else { continue }
      let attributes = try FileManager.default.attributesOfItem(
        atPath: repo.root.appendingPathComponent(path).path)
      times[path] = attributes[.modificationDate] as? Date
    }
    return times
  }

  @Test("the App's modules and a feature's preview and tests are touched; features and Core not")
  func touchesWhatIsBuiltOnAFeature() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    // A preview and a test target beside Hoge, both built on it.
    try repo.edit(
      "Packages/HogeFeature/Package.swift", replacing: "    ),\n  ]",
      with: """
            ),
            .executableTarget(name: "HogePreview", dependencies: ["HogeFeature"]),
            .testTarget(name: "HogeFeatureTests", dependencies: ["HogeFeature"]),
          ]
        """)
    try repo.write(
      "Packages/HogeFeature/Sources/HogePreview/main.swift", "import HogeFeature\nprint(Hoge())\n")
    try repo.write(
      "Packages/HogeFeature/Tests/HogeFeatureTests/HogeTests.swift", "import HogeFeature\n")
    let past = Date(timeIntervalSinceNow: -3600)
    for path in try Self.times(repo).keys {
      try FileManager.default.setAttributes(
        [.modificationDate: past], ofItemAtPath: repo.root.appendingPathComponent(path).path)
    }
    let count = try DependentSources.touch(root: repo.root)
    let touched = try Self.times(repo).filter { $0.value > past.addingTimeInterval(60) }.keys
    #expect(
      touched.sorted() == [
        "App/Sources/AppFeature/Router.swift", "App/Sources/AppLive/Live.swift",
        "Packages/HogeFeature/Sources/HogePreview/main.swift",
        "Packages/HogeFeature/Tests/HogeFeatureTests/HogeTests.swift",
      ])
    #expect(count == 4)
  }
}
