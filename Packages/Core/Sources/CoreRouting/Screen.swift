import CoreStore

/// A feature the App can show in a stack: its title, what it does when it appears and when the
/// App closes it, and what a link may open inside it. Everything else the App needs of a
/// screen is generated from the App's screen list (see ``ScreenList``).
///
/// ```swift
/// extension ItemList: Screen {
///   public static let title = "Items"
///   public static var appearAction: Action? { .onAppear }
/// }
/// ```
public protocol Screen: Reducer {
  /// The screen's name in the breadcrumb and the navigation log.
  static var title: String { get }
  /// The action the screen is sent as it starts showing (a load, say): pushed, opened by a
  /// link, or, at a stack's root, the first time its stack shows; nil for none.
  static var appearAction: Action? { get }
  /// The action the screen is sent when the App closes it without its asking (a sign-out, a
  /// link that replaces its stack, a request that returns to a screen under it): its effect
  /// is the work the screen still owes (a save waiting for a pause), which runs to its end
  /// though the screen is gone. Nil for none: a screen that owes nothing.
  static var closeAction: Action? { get }
  /// Opens what a link segment names inside the screen (a destination of its own tree: the
  /// third item's detail for `3`), or throws why it cannot. The App asks only for segments
  /// that name none of the screen's routes.
  static func open(_ segment: LinkSegment, in state: inout State) throws(NavigationLinkError)
  /// What the screen shows inside itself, as link segments (`3` while the third item's
  /// detail is open): the way back from state to link, which ``open(_:in:)`` reads.
  static func linkSegments(of state: State) -> [LinkSegment]
  /// The segments ``open(_:in:)`` takes, for a message that says what a link can name.
  static var linkChoices: [String] { get }
}

extension Screen {
  /// No action on appearing.
  public static var appearAction: Action? { nil }

  /// Nothing owed on closing.
  public static var closeAction: Action? { nil }

  /// Nothing to open inside.
  public static func open(_ segment: LinkSegment, in state: inout State)
    throws(NavigationLinkError)
  {
    throw .cannotOpen(title, segment.name, [])
  }

  /// Nothing open inside.
  public static func linkSegments(of state: State) -> [LinkSegment] { [] }

  /// Nothing to open inside.
  public static var linkChoices: [String] { [] }
}

/// Marks the App's list of screens, one case per screen: `case items(ItemList)`. The first
/// case is the gate's screen, the root of the stack shown before anyone signs in. The list is
/// an enum of reducers (a `CaseReducer`, TCA's `@Reducer enum Path`): what every stack holds
/// is its `State`.
///
/// `make generate` reads the list and writes tables and exhaustive switches only: the list's
/// `State` and `Action`, its `body` and case paths, each screen's title, appear and close actions, the
/// gate's screen (`gateScreen`), the screen each route case names (a ``RouteTable`` for
/// requests made from any depth), and the view of each screen. A feature's
/// ``NavigationRoute`` case names a screen of the list by its case name, and its values are
/// what the screen's `State` initializer takes: `Hoge.Route.fuga(name:)` names
/// `.fuga(Fuga.State(name:))`. What a request does to a stack, the App decides by hand.
public protocol ScreenList: CaseReducer {}

/// Marks the App's list of tabs, one case per tab, each named after the screen of the
/// ``ScreenList`` at the bottom of that tab's stack: `case items`. Each tab keeps a stack of
/// its own; any screen a tab's screens route to can be pushed in it.
///
/// `make generate` writes, beside the list, each tab's root screen (`root`) and the tab a
/// root screen belongs to (`init?(root:)`), with exhaustive switches: a tab that names no
/// screen is refused, and adding a tab is one line.
///
/// ```swift
/// public enum Tabs: String, TabList {
///   case entry
///   case items
/// }
/// ```
public protocol TabList: CaseIterable, Hashable, Sendable {}
