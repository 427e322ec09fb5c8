import Testing

@testable import ArchCheckKit

@Suite("SwiftSourceScanner")
struct SwiftSourceScannerTests {
  private func modules(_ source: String) -> [String] {
    SwiftSourceScanner.imports(in: source).map { "\($0.module)@\($0.line)" }
  }

  @Test("plain, attributed, access-modified and kind imports")
  func forms() {
    let source = """
      import Foundation
      @testable import HogeFeature
      @_exported import CoreStore
      @preconcurrency import Dispatch
      public import CoreUI
      import struct FugaFeature.Fuga
      import func Glibc.exit
      @_spi(Private) import CoreTesting
      """
    #expect(
      modules(source) == [
        "Foundation@1", "HogeFeature@2", "CoreStore@3", "Dispatch@4", "CoreUI@5", "FugaFeature@6",
        "Glibc@7", "CoreTesting@8",
      ])
  }

  @Test("imports inside #if are found; text in comments and strings is not an import")
  func commentsAndStrings() {
    let source = #"""
      // import A
      /* import B
         /* nested */ import C */
      let s = "import D"
      let m = """
        import E
        """
      let r = #"import F "quoted" \(not interpolation)"#
      let i = "\(value("import G"))"
      #if canImport(H)
        import H
      #endif
      """#
    #expect(modules(source) == ["H@11"])
  }

  @Test("words that merely start with import are not imports")
  func notImports() {
    #expect(modules("importer()\nlet imported = 1\nimport\n") == [])
  }

  @Test("every way the compiler accepts: backticks, semicolons, two on a line, split lines")
  func unusualForms() {
    let source = """
      import `HogeFeature`
      import FugaFeature;
      import CoreUI; import CoreStore
      import
        ItemListFeature
      @testable
      import
      `EntryFeature`
      import struct `Piyo`.Piyo
      let x = y.import
      """
    #expect(
      modules(source) == [
        "HogeFeature@1", "FugaFeature@2", "CoreUI@3", "CoreStore@3", "ItemListFeature@4",
        "EntryFeature@7", "Piyo@9",
      ])
  }

  @Test("letters, digits and spaces beyond ASCII are read as Swift reads them")
  func beyondASCII() {
    // A non-ASCII letter starts and continues a name; a no-break space and a form feed
    // separate words; characters of several code points in a comment keep the lines right.
    let source =
      "import Müsli\nimport\u{00A0}Ærø2\u{000C}; import Ω_9\n"
      + "// — 👩‍💻 e\u{301} /* import Comment */\nimport Café"
    #expect(modules(source) == ["Müsli@1", "Ærø2@2", "Ω_9@2", "Café@4"])
    let names = SwiftTokens.tokens(in: "let naïve_2 = x1+y").map(\.text)
    #expect(names == ["let", "naïve_2", "=", "x1", "+", "y"])
  }

  @Test("a token's range reads its own text back, past characters of several bytes")
  func rangesReadBack() {
    let code = "case café(Crème<Ærø>) → `naïve` 👩‍💻"
    let bytes = Array(code.utf8)
    let tokens = SwiftTokens.tokens(in: code)
    #expect(
      tokens.map(\.text).prefix(9) == ["case", "café", "(", "Crème", "<", "Ærø", ">", ")", "→"])
    for token in tokens {
      let written = SwiftTokens.text(of: token.range, in: bytes)
      #expect(written == (token.isBackticked ? "`\(token.text)`" : token.text))
    }
  }

  @Test("a text is scanned once and kept; past the bound the kept scans are dropped")
  func scansKept() {
    let cache = ScannedSource.Cache(maximumEntries: 2)
    let first = cache.scan("import A // import B")
    #expect(first.code == "import A            ")
    #expect(first.tokens.map(\.text) == ["import", "A"])
    #expect(cache.scan("import A // import B").tokens == first.tokens)
    #expect(cache.count == 1)
    _ = cache.scan("import C")
    #expect(cache.count == 2)
    // A third text finds the cache full: it is emptied, then keeps the new scan alone.
    #expect(cache.scan("import D").tokens.map(\.text) == ["import", "D"])
    #expect(cache.count == 1)
  }

  @Test("CRLF line breaks: a line comment ends at its line, and the lines count right")
  func windowsLineBreaks() {
    let source =
      "// import Hidden\r\nimport Shown\r\nlet s = \"é\" // import Gone\r\nimport Last\r\n"
    #expect(modules(source) == ["Shown@2", "Last@4"])
    // Blanked text keeps every line break, and a blanked scalar is one space.
    let code = SwiftSourceScanner.codeOnly(source)
    let lineBreaks = { (text: String) in text.utf8.filter { $0 == UInt8(ascii: "\n") }.count }
    #expect(lineBreaks(code) == 4 && lineBreaks(source) == 4)
    #expect(code.contains("let s =    "))
  }
}

@Suite("Build failures")
struct BuildFailureMessageTests {
  @Test("the compiler's diagnostic, with the module and the file, beats the driver's summary")
  func diagnosticFirst() {
    let log = """
      Building for debugging...
      error: emit-module command failed with exit code 1 (use -v to see invocation)
      /repo/Packages/FugaFeature/Sources/FugaFeature/Sneaky.swift:1:8: error: no such module 'HogeFeature'
      """
    #expect(
      BuildRules.mostTellingError(in: log, root: "/repo")
        == "Packages/FugaFeature/Sources/FugaFeature/Sneaky.swift:1:8: error: no such module 'HogeFeature'"
    )
    #expect(
      BuildRules.mostTellingError(in: "error: emit-module command failed\n", root: "/repo")
        == "error: emit-module command failed")
    #expect(
      BuildRules.mostTellingError(in: "all fine\n", root: "/repo") == "no error line in the log")
  }
}
