import CoreRouting
import EntryFeature
import FugaFeature
import HogeFeature
import ItemListFeature
import SignInFeature

extension AppRouter {
  /// The app's screens: one line each, `case name(Reducer)`; every stack holds their
  /// `Path.State`. The first is the gate's screen, the one the app opens at before anyone
  /// signs in. As TCA's `@Reducer enum Path`, the enum is never made: its `State`, `Action`
  /// and `body`, each screen's title, appear and close actions, the tables that map each route
  /// to the screen it names and each screen's view are generated from this list (`make
  /// generate`, into Screens.generated.swift). A feature's `Route` case names a screen here by
  /// its case name. What a request does to a stack is decided by hand, in ScreenStack.swift.
  public enum Path: ScreenList {
    /// Sign in: the gate; a new name goes on to setup, a known one home.
    case signIn(SignIn)
    /// The first-run setup a name goes through once.
    case setup(Setup)
    /// Entry: the first tab's root, with the panel another feature builds (EntryPanel.swift).
    case entry(Entry)
    /// Hoge: asks for a name to pass on.
    case hoge(Hoge)
    /// Fuga: shows the name, goes back any way its routes allow.
    case fuga(Fuga)
    /// The item list, with its own tree of destinations.
    case items(ItemList)
  }

  /// The tabs of the signed-in app: one line each, named after the screen at the bottom of
  /// the tab's stack; the first is where signing in lands. Each tab keeps its own stack; a
  /// request that names a tab's root screen switches to that tab instead of pushing it.
  public enum Tabs: String, TabList {
    /// Entry and whatever it opens.
    case entry
    /// The item list and its screens.
    case items
  }
}
