import CoreTesting
import ItemListFeature
import Testing

@Suite("ItemListPreview")
struct ItemListPreviewTests {
  @Test("the preview runs a piped script through every destination on the sample items")
  func pipedScript() async throws {
    let script = """
      open 2
      edit
      qty 6
      save
      add "Green tea"
      save
      delete 1
      cancel
      delete 1
      delete
      more 2
      less 1
      less 1
      open 7
      """
    let run = try await BuiltExecutable.run("ItemListPreview", input: script + "\n")
    #expect(run.status == 0)
    #expect(
      run.output.hasPrefix(
        """
        Items
          1. Milk ×2 — oat
          2. Eggs ×12
          3. Bread ×1
        > open 2
        Items › Eggs
          Quantity: 12
          Note: (none)
        > edit
        Items › Edit
        """))
    #expect(
      run.output.hasSuffix(
        """
        > delete
        Items
          1. Eggs ×6
          2. Bread ×1
          3. Green tea ×1
        > more 2
        Items
          1. Eggs ×6
          2. Bread ×2
          3. Green tea ×1
        > less 1
        Items
          1. Eggs ×5
          2. Bread ×2
          3. Green tea ×1
        > less 1
        Items
          1. Eggs ×4
          2. Bread ×2
          3. Green tea ×1
        > open 7
        Items
          1. Eggs ×4
          2. Bread ×2
          3. Green tea ×1
          ! No item 7: the list has items 1 to 3.

        """))
  }
}

@Suite("ItemListPreview navigation")
struct ItemListPreviewNavigationTests {
  @Test("hoge on a detail says what the app would open instead of failing: no router here")
  func detailAsksForHoge() async throws {
    let route = ItemList.Route.hoge(name: "Milk")
    let run = try await BuiltExecutable.run("ItemListPreview", input: "open 1\nhoge\n")
    #expect(run.status == 0)
    #expect(
      run.output.hasSuffix(
        """
        > hoge
        (in the app, this would open \(route))
        Items › Milk
          Quantity: 2
          Note: oat

        """))
    #expect(!run.output.contains("outside an effect"))
  }
}
