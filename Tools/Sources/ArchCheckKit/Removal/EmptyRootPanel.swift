/// What `App/Sources/AppFeature/RootPanel.swift` becomes when `make remove-feature` removes a
/// feature it imports (the panel's builder or the screen that shows it): a panel that holds
/// nothing and shows nothing, so the router, its state and the live side keep their shape and
/// no other App file changes.
enum EmptyRootPanel {
  /// The file that declares the panel: the one with `typealias RootPanel` or `struct RootPanel`.
  static func isPanelFile(_ text: String) -> Bool {
    text.contains("typealias RootPanel ") || text.contains("struct RootPanel:")
  }

  /// The types the panel file declares: what a test of the old panel used.
  static let typeNames: Set<String> = ["RootPanel", "RootPanelView"]

  /// The file's text.
  static let text = """
    import CoreStore
    import CoreUI
    import ItemsClient

    // No feature builds a panel for a screen any more (make remove-feature removed the one that
    // did, or the screen that showed it): the router holds this empty one, so its state, its
    // actions and the live side keep their shape. To show a panel again, declare RootPanel as a
    // feature's reducer and draw it in panelView(root:).

    /// The panel the router holds for as long as the app runs: none.
    public struct RootPanel: Reducer, Sendable {
      /// Nothing.
      public struct State: Equatable, Sendable {
        /// The empty panel.
        public init() {}
      }

      /// The one action the router sends every panel.
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

    extension AppRouter.State {
      /// No panel loads items: nil, so the demo saves none.
      public var shownItems: [Item]? { nil }
    }

    extension AppRouterView {
      /// No screen shows a panel: every root is drawn by the generated `view(of:)`.
      func panelView(root: Store<AppRouter.Path.State, AppRouter.Path.Action>) -> (any TextView)? {
        nil
      }
    }

    """
}
