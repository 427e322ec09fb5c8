import CoreDependencies

/// Runs a feature: holds its state, sends actions through its reducer one at a time (first
/// in, first out) and runs the effects the reducer returns.
///
/// There is one root store per running app. ``scope(state:action:)`` makes a store for a
/// child that owns nothing: it reads its state through the root and sends through the root,
/// so a screen nested ten levels deep costs no more to drive than the root itself.
///
/// ```swift
/// let store = Store(initialState: CounterFeature.State()) { CounterFeature() }
/// store.send(.increment)
/// store.state.count  // 1
/// ```
@MainActor
public final class Store<State, Action: Sendable> {
  private let readState: @MainActor () -> State
  private let sendAction: @MainActor (Action) -> StoreTask
  private let runtime: AnyStoreRuntime

  /// Makes a root store. `withDependencies` overrides dependencies for every reduce and effect,
  /// and for building the initial state and the reducer (so a `State.init` that reads
  /// `@Dependency(\.uuid)` gets the store's generator).
  ///
  /// Releasing the root store, and every store scoped from it, cancels every effect it started.
  public init<R: Reducer>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepare: (inout DependencyValues) -> Void = { _ in }
  ) where R.State == State, R.Action == Action {
    var dependencies = DependencyValues.current
    prepare(&dependencies)
    let (state, reducer) = DependencyValues.$current.withValue(dependencies) {
      (initialState(), reducer())
    }
    let runtime = StoreRuntime<State, Action>(
      state: state,
      reducer: reducer.reduce(into:action:),
      dependencies: dependencies)
    self.readState = { runtime.state }
    self.sendAction = { runtime.send($0) }
    self.runtime = AnyStoreRuntime(runtime)
  }

  private init(
    readState: @escaping @MainActor () -> State,
    sendAction: @escaping @MainActor (Action) -> StoreTask,
    runtime: AnyStoreRuntime
  ) {
    self.readState = readState
    self.sendAction = sendAction
    self.runtime = runtime
  }

  /// The current state, read through the root.
  public var state: State { readState() }

  /// Sends an action. The returned task tracks the effects this send started.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    sendAction(action)
  }

  /// A store for a child whose state is always there (a property of this state).
  ///
  /// ```swift
  /// CounterView(store: store.scope(state: \.counter, action: .counter))
  /// ```
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    let readState = self.readState
    let sendAction = self.sendAction
    return Store<ChildState, ChildAction>(
      readState: { readState()[keyPath: toChildState] },
      sendAction: { sendAction(toChildAction.embed($0)) },
      runtime: runtime)
  }

  /// A store for a child that may be absent (an optional, a presented destination, one case
  /// of an enum, a stack element), or nil when it is absent now. After the child goes away
  /// the store keeps showing its last state; actions sent to it are then ignored by the
  /// parent's `ifLet` or `forEach`, which reports them.
  ///
  /// ```swift
  /// if let detail = store.scope(state: { $0.destination?.detail }, action: .destination.detail) {
  ///   lines += DetailView(store: detail).render()
  /// }
  /// ```
  public func scope<ChildState, ChildAction>(
    state toChildState: @escaping @MainActor (State) -> ChildState?,
    action toChildAction: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    let readState = self.readState
    let sendAction = self.sendAction
    guard let initial = toChildState(readState()) else { return nil }
    let last = LastValue(initial)
    return Store<ChildState, ChildAction>(
      readState: {
        if let current = toChildState(readState()) { last.value = current }
        return last.value
      },
      sendAction: { sendAction(toChildAction.embed($0)) },
      runtime: runtime)
  }

  /// A store for a child that may be absent, found through an optional key path, or nil while
  /// it is absent: `store.scope(state: \.destination?.alert, action: …)`.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    scope(state: { $0[keyPath: toChildState] }, action: toChildAction)
  }

  /// The number of effects of the whole store that are still running.
  public var inFlightEffectCount: Int { runtime.inFlightEffectCount() }

  /// Cancels every effect of the whole store that is still running; for `TestStore`'s
  /// `skipInFlightEffects()`.
  package func cancelAllEffects() {
    runtime.cancelAllEffects()
  }

  /// Replaces the dependencies of every later reduce and of the effects it starts; for
  /// `TestStore`'s `dependencies`, which a test may change between steps.
  package func replaceDependencies(_ values: DependencyValues) {
    runtime.replaceDependencies(values)
  }

  /// Calls `observer` after every batch of actions the root store processes.
  public func observe(_ observer: @escaping @MainActor () -> Void) {
    runtime.addObserver(observer)
  }

  /// Waits until no effect is running, or until `timeout` passes. Returns whether the store
  /// became idle. The console uses it so a script's output does not depend on timing.
  public func waitForEffects(timeout: Duration = .seconds(5)) async -> Bool {
    let runtime = self.runtime
    return await waitUntil(timeout: timeout) { runtime.inFlightEffectCount() == 0 }
  }
}

/// The parts of a ``StoreRuntime`` that do not depend on its state and action types.
@MainActor
private struct AnyStoreRuntime {
  let inFlightEffectCount: @MainActor () -> Int
  let addObserver: @MainActor (@escaping @MainActor () -> Void) -> Void
  let cancelAllEffects: @MainActor () -> Void
  let replaceDependencies: @MainActor (DependencyValues) -> Void

  init<State, Action>(_ runtime: StoreRuntime<State, Action>) {
    self.inFlightEffectCount = { runtime.inFlightEffectCount }
    self.addObserver = { runtime.addObserver($0) }
    self.cancelAllEffects = { runtime.cancelAll(within: []) }
    self.replaceDependencies = { runtime.dependencies = $0 }
  }
}

/// The last state a scoped store saw, kept for when its child goes away.
@MainActor
private final class LastValue<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}
