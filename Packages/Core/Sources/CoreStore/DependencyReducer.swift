import CoreDependencies

extension Reducer {
  /// Overrides a dependency for this reducer and every effect it starts.
  ///
  /// ```swift
  /// ListFeature()
  ///   .dependency(\.items, .inMemory([]))
  /// ```
  public func dependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> DependencyReducer<Self> {
    DependencyReducer(base: self) { $0[keyPath: keyPath] = value }
  }
}

/// A reducer run with some dependencies overridden; made by `dependency(_:_:)`.
public struct DependencyReducer<Base: Reducer>: Reducer {
  let base: Base
  let update: @Sendable (inout DependencyValues) -> Void

  /// Runs the base reducer inside the overridden values (effects capture them).
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    withDependencies(update) {
      base.reduce(into: &state, action: action)
    }
  }
}
