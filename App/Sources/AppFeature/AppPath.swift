import CoreStore
import FugaFeature
import HogeFeature
import ItemListFeature

extension AppRouter {
  /// The screens that can be pushed over Entry, one case per feature.
  public struct Path: Reducer, Sendable {
    /// A pushed screen's state.
    public enum State: CasePathable, Equatable, Sendable {
      /// Hoge.
      case hoge(Hoge.State)
      /// Fuga.
      case fuga(Fuga.State)
      /// The item list.
      case items(ItemList.State)
      // archcheck:insert-path-state

      /// The screen for a route.
      public init(route: AppRoute) {
        switch route {
        case .hoge: self = .hoge(Hoge.State())
        case .fuga(let name): self = .fuga(Fuga.State(name: name))
        case .items: self = .items(ItemList.State())
        // archcheck:insert-path-init
        }
      }

      /// Whether this screen shows `route` (for popTo: any Hoge matches `.hoge`).
      public func shows(_ route: AppRoute) -> Bool {
        switch (self, route) {
        case (.hoge, .hoge), (.fuga, .fuga), (.items, .items): true
        // archcheck:insert-path-shows
        default: false
        }
      }

      /// The screen's name in the breadcrumb and the log.
      public var title: String {
        switch self {
        case .hoge: "Hoge"
        case .fuga: "Fuga"
        case .items: "Items"
        // archcheck:insert-path-title
        }
      }
    }

    /// A pushed screen's actions.
    public enum Action: CasePathable, Equatable, Sendable {
      /// Hoge's actions.
      case hoge(Hoge.Action)
      /// Fuga's actions.
      case fuga(Fuga.Action)
      /// The item list's actions.
      case items(ItemList.Action)
      // archcheck:insert-path-action
    }

    /// The screens.
    public init() {}

    /// Each case runs its feature.
    public var body: some ReducerOf<Self> {
      Scope(state: \.hoge, action: \.hoge) { Hoge() }
      Scope(state: \.fuga, action: \.fuga) { Fuga() }
      Scope(state: \.items, action: \.items) { ItemList() }
      // archcheck:insert-path-scope
    }
  }
}
