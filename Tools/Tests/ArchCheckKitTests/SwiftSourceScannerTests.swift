import ArchCheckKit
import Testing

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
}
