/// What `App/Sources/AppFeature/EntryPanel.swift` becomes when `make remove-feature` removes a
/// feature it imports (the panel's builder or the screen that shows it): a panel that holds
/// nothing and shows nothing, so `AppReducer`, its state and the live side keep their shape
/// and no other App file changes.
enum EmptyEntryPanel {
  /// The file that declares the panel: the one with `typealias EntryPanel` or
  /// `struct EntryPanel`.
  static func isPanelFile(_ text: String) -> Bool {
    text.contains("typealias EntryPanel ") || text.contains("struct EntryPanel:")
  }

  /// The types the panel file declares: what a test of the old panel used.
  static let typeNames: Set<String> = ["EntryPanel"]

  /// The file's text.
  static let text = """
    import CoreDependencies
    import CoreStore
    import ItemsClient

    // No feature builds a panel for a screen any more (make remove-feature removed the one that
    // did, or the screen that showed it): the App holds this empty one beside the router, so
    // AppReducer's state, its actions and the live side keep their shape. To show a panel
    // again, declare EntryPanel as a feature's reducer and set the view-building dependency
    // the screen reads in screenDependencies(panel:).

    /// The panel the App holds beside the router for as long as the app runs: none.
    public struct EntryPanel: Reducer, Sendable {
      /// Nothing.
      public struct State: Equatable, Sendable {
        /// The empty panel.
        public init() {}
      }

      /// The one action the App sends every panel.
      public enum Action: Equatable, Sendable {
        /// The app appeared.
        case onAppear
      }

      /// The empty panel.
      public init() {}

      /// Does nothing.
      public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        .none
      }
    }

    extension AppReducer.State {
      /// No panel loads items: nil, so the demo saves none.
      public var shownItems: [Item]? { nil }
    }

    extension AppReducer {
      /// No screen shows a panel: the screens' views read nothing more.
      @MainActor
      static func screenDependencies(
        panel: Store<EntryPanel.State, EntryPanel.Action>
      ) -> @MainActor (inout DependencyValues) -> Void {
        { _ in }
      }
    }

    """
}
