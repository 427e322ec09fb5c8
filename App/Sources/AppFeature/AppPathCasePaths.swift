import CoreStore
import FugaFeature
import HogeFeature
import ItemListFeature

extension CasePath<AppRouter.Path.State, HogeFeature.State> {
  /// Hoge on the stack.
  public static var hoge: Self {
    CasePath(AppRouter.Path.State.hoge) { if case .hoge(let state) = $0 { state } else { nil } }
  }
}

extension CasePath<AppRouter.Path.Action, HogeFeature.Action> {
  /// Hoge's actions.
  public static var hoge: Self {
    CasePath(AppRouter.Path.Action.hoge) { if case .hoge(let action) = $0 { action } else { nil } }
  }
}

extension CasePath<AppRouter.Path.State, FugaFeature.State> {
  /// Fuga on the stack.
  public static var fuga: Self {
    CasePath(AppRouter.Path.State.fuga) { if case .fuga(let state) = $0 { state } else { nil } }
  }
}

extension CasePath<AppRouter.Path.Action, FugaFeature.Action> {
  /// Fuga's actions.
  public static var fuga: Self {
    CasePath(AppRouter.Path.Action.fuga) { if case .fuga(let action) = $0 { action } else { nil } }
  }
}

extension CasePath<AppRouter.Path.State, ItemListFeature.State> {
  /// The item list on the stack.
  public static var items: Self {
    CasePath(AppRouter.Path.State.items) {
      if case .items(let state) = $0 { state } else { nil }
    }
  }
}

extension CasePath<AppRouter.Path.Action, ItemListFeature.Action> {
  /// The item list's actions.
  public static var items: Self {
    CasePath(AppRouter.Path.Action.items) {
      if case .items(let action) = $0 { action } else { nil }
    }
  }
}
