import CoreRouting
import Testing

@Suite("NavigationLink: reading and printing deep links")
struct NavigationLinkTests {
  @Test("segments split at /, values after ? by label, in order")
  func reads() throws {
    let link = try NavigationLink(parsing: " hoge/fuga?name=Ann&count=2 ")
    #expect(link.segments.map(\.name) == ["hoge", "fuga"])
    #expect(link.segments[1].values == [.init("name", "Ann"), .init("count", "2")])
    #expect(try link.segments[1].value("name", as: String.self) == "Ann")
    #expect(try link.segments[1].value("count", as: Int.self) == 2)
  }

  @Test("what it prints it reads back the same, whatever the values hold")
  func roundTrip() throws {
    for text in ["Bo Li", "a/b?c&d=e", "100%", "日本語", "", "line\nbreak", "~-._"] {
      let link = NavigationLink([LinkSegment("items"), LinkSegment("fuga", [.init("name", text)])])
      let printed = link.description
      #expect(!printed.dropFirst("items/".count).contains("/"), "\(printed)")
      #expect(try NavigationLink(parsing: printed) == link, "\(printed)")
    }
    #expect(
      NavigationLink([LinkSegment("fuga", [.init("name", "Bo Li")])]).description
        == "fuga?name=Bo%20Li")
  }

  @Test("an empty link, an empty segment or a malformed value is refused, saying how to write one")
  func badLinks() {
    #expect(throws: NavigationLinkError.empty) { try NavigationLink(parsing: "  ") }
    for text in ["a//b", "/a", "a/", "a?name", "a?=x", "a?name=%zz", "%zz"] {
      #expect(throws: NavigationLinkError.self, "\(text)") { try NavigationLink(parsing: text) }
    }
    do {
      _ = try NavigationLink(parsing: "a//b")
    } catch {
      #expect(error.description.contains("an empty segment"))
      #expect(error.description.contains("a link names a tab, then its screens: tab/screen"))
    }
  }

  @Test("a missing or mistyped value names the segment and the label")
  func values() throws {
    let segment = try NavigationLink(parsing: "fuga?count=x").segments[0]
    #expect(throws: NavigationLinkError.missingValue("fuga", "name")) {
      try segment.value("name", as: String.self)
    }
    #expect(throws: NavigationLinkError.badValue("fuga", "count", "x")) {
      try segment.value("count", as: Int.self)
    }
    #expect(
      NavigationLinkError.missingValue("fuga", "name").description
        == "fuga needs a value for name: fuga?name=…")
    #expect(
      NavigationLinkError.cannotOpen("Entry", "fuga", ["hoge", "items"]).description
        == "Entry cannot open fuga; it opens hoge, items.")
  }
}
