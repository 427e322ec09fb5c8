import CoreStore

/// A feature the App can push on its stack: it names itself and says what it does when it
/// appears. Everything else the App needs of a screen is generated from the App's screen list
/// (see ``ScreenList``).
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
  /// The action the screen is sent each time it is pushed (a load, say); nil for none.
  static var appearAction: Action? { get }
}

extension Screen {
  /// No action on appearing.
  public static var appearAction: Action? { nil }
}

/// Marks the App's list of screens, one case per screen: `case items(ItemList)`. The first
/// case is the first screen, always there under the stack.
///
/// `make generate` reads the list and writes the App's `Path` reducer, its case paths, each
/// screen's title and appear action, the first screen's state, one `navigate` function that
/// carries out any screen's request (the screen a route names, pushed; the screens above
/// the one it names, popped; the first screen counts), and the view of each screen. A
/// feature's ``NavigationRoute`` case names a screen of the list by its case name, and its
/// values are what the screen's `State` initializer takes: `Hoge.Route.fuga(name:)` pushes
/// `.fuga(Fuga.State(name:))`.
public protocol ScreenList {}
