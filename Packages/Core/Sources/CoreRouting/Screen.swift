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

/// Marks the App's list of pushable screens, one case per screen: `case items(ItemList)`.
///
/// `make generate` reads the list (and `typealias RootScreen = Entry`, the screen under the
/// stack, in the same file) and writes the App's `Path` reducer, its case paths, each
/// screen's title and appear action, the screen a route names, popTo's matching, the
/// navigation requests the router carries out and the view of each screen. A feature's
/// `Route` case names a screen of the list by its case name, and its values are what the
/// screen's `State` initializer takes: `Hoge.Route.fuga(name:)` pushes
/// `.fuga(Fuga.State(name:))`.
public protocol ScreenList {}
