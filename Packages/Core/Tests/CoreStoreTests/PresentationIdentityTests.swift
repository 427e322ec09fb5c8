import Testing

@testable import CoreStore

/// A presentation's identity follows the presented value's navigation id, as TCA's: its case
/// and its `Identifiable` id, not the assignment.
@Suite("navigation ids")
struct NavigationIDTests {
  struct Item: Identifiable, Equatable {
    let id: Int
    var name = ""
  }

  enum Destination: Equatable {
    case detail(Item)
    case edit(Item)
    case help
    case note(String)
  }

  @Test("assigning the same case and id keeps the identity; another case or id presents anew")
  func identityFollowsPresentationIdentity() {
    var presentation = PresentationState(wrappedValue: Destination.detail(Item(id: 1)))
    let first = presentation.identity
    presentation.wrappedValue = .detail(Item(id: 1, name: "renamed"))
    #expect(presentation.identity == first)
    #expect(presentation.wrappedValue == .detail(Item(id: 1, name: "renamed")))
    presentation.wrappedValue = .detail(Item(id: 2))
    let second = presentation.identity
    #expect(second != first)
    presentation.wrappedValue = .edit(Item(id: 2))
    #expect(presentation.identity != second)
  }

  @Test("cases without an identifiable value compare by case; nil dismisses")
  func casesWithoutIDs() {
    var presentation = PresentationState(wrappedValue: Destination.note("a"))
    let note = presentation.identity
    presentation.wrappedValue = .note("b")
    #expect(presentation.identity == note)
    presentation.wrappedValue = .help
    let help = presentation.identity
    #expect(help != note)
    presentation.wrappedValue = .help
    #expect(presentation.identity == help)
    presentation.wrappedValue = nil
    #expect(presentation.identity == nil)
    presentation.wrappedValue = .help
    #expect(presentation.identity != help)
  }

  @Test("an alert assigned again is a new presentation, as TCA's alerts carry a new id each")
  func alertsAreAlwaysNew() {
    var presentation = PresentationState(wrappedValue: AlertState<Never>(title: "?"))
    let first = presentation.identity
    presentation.wrappedValue = AlertState<Never>(title: "?")
    #expect(presentation.identity != first)
  }

  @Test("navigation ids of equal and unequal values")
  func navigationIDs() {
    #expect(
      PresentationIdentity(of: Item(id: 1)) == PresentationIdentity(of: Item(id: 1, name: "x")))
    #expect(PresentationIdentity(of: Item(id: 1)) != PresentationIdentity(of: Item(id: 2)))
    #expect(
      PresentationIdentity(of: Destination.detail(Item(id: 1)))
        != PresentationIdentity(of: Destination.edit(Item(id: 1))))
  }
}
