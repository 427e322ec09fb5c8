import EntryFeature
import FugaFeature
import HogeFeature

/// Every place the app can push, in the App's terms. Each feature's own `Route` maps here;
/// this is the only type that knows all of them.
public enum AppRoute: Equatable, Sendable {
  /// A Hoge screen.
  case hoge
  /// A Fuga screen showing a name.
  case fuga(name: String)
  /// The item list.
  case items
  // archcheck:insert-route-case

  /// Entry's routes.
  public init(_ route: Entry.Route) {
    switch route {
    case .hoge: self = .hoge
    case .items: self = .items
    }
  }

  /// Hoge's routes.
  public init(_ route: Hoge.Route) {
    switch route {
    case .fuga(let name): self = .fuga(name: name)
    }
  }

  /// Fuga's routes.
  public init(_ route: Fuga.Route) {
    switch route {
    case .hoge: self = .hoge
    }
  }
  // archcheck:insert-route-init
}
