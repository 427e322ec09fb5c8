extension Reducer {
  /// Prints each action this reducer receives and how the state changed, to `sink`.
  /// The console's `trace on` uses it.
  ///
  /// ```swift
  /// AppRouter()
  ///   .debug { print($0) }
  /// // action: .entry(.counter(.increment))
  /// //   ParentFeature.State(
  /// // -   counter: CounterFeature.State(count: 0),
  /// // +   counter: CounterFeature.State(count: 1),
  /// //   )
  /// ```
  public func debug(
    isEnabled: @escaping () -> Bool = { true },
    to sink: @escaping (String) -> Void
  ) -> DebugReducer<Self> {
    DebugReducer(base: self, isEnabled: isEnabled, sink: sink)
  }
}

extension Reducer {
  /// Prints each action and how the state changed to standard output: TCA's debugging
  /// modifier, spelled as TCA spells it (``debug(isEnabled:to:)`` chooses where).
  public func _printChanges() -> DebugReducer<Self> {
    debug { print($0) }
  }
}

/// A reducer that traces its actions and state changes; made by `debug(to:)`.
public struct DebugReducer<Base: Reducer>: Reducer {
  let base: Base
  let isEnabled: () -> Bool
  let sink: (String) -> Void

  /// Runs the base reducer, then prints the action and the state diff when enabled.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    guard isEnabled() else { return base.reduce(into: &state, action: action) }
    let before = state
    let effect = base.reduce(into: &state, action: action)
    var lines = ["action: " + ValueDescription.oneLine(action)]
    if let diff = TextDiff.describe(from: before, to: state) {
      lines += diff.map { "  " + $0 }
    } else {
      lines.append("  (no state change)")
    }
    sink(lines.joined(separator: "\n"))
    return effect
  }
}
