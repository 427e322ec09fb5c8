import CoreDependencies
import Observation

/// Runs a feature: holds its state, sends actions through its reducer one at a time (first
/// in, first out) and runs the effects the reducer returns.
///
/// There is one root store per running app. `scope(state:action:)` makes a store for a
/// child that owns nothing: it reads its state through the root and sends through the root,
/// so a screen nested ten levels deep costs no more to drive than the root itself.
///
/// ```swift
/// let store = Store(initialState: CounterFeature.State()) { CounterFeature() }
/// store.send(.increment)
/// store.state.count  // 1
/// ```
///
/// A store is `Observable`: reading ``state`` inside `withObservationTracking` (or a SwiftUI
/// view's `body`) registers, and the end of a batch of actions that changed this store's part
/// of the state notifies, once. Where `State` is `Equatable` a store notifies only when its
/// state is no longer `==` to what was read, so a scoped store ignores its siblings' changes;
/// otherwise it notifies after every batch. A store that is released stops notifying: keep the
/// store a view observes (a SwiftUI view holds its own).
///
/// As in TCA, state reads through the store: `store.count` is `store.state.count`.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action> {
  private let readState: @MainActor () -> State
  /// Sends an action through the root, then runs the closure while the root's dependencies
  /// are still current (see ``send(_:then:)``).
  private let sendAction: @MainActor (Action, () -> Void) -> StoreTask
  private let runtime: AnyStoreRuntime
  private let registrar = ObservationRegistrar()
  /// The state as last read, while a reader may be waiting to hear of a change; nil once
  /// notified, until the next read. While it is set, the root store tells this store after
  /// each batch.
  private var stateAsRead: State?

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
    DependencyValues.update(&dependencies, with: prepare)
    let (state, reducer) = DependencyValues.$current.withValue(dependencies) {
      (initialState(), reducer())
    }
    let runtime = StoreRuntime<State, Action>(
      state: state,
      reducer: reducer.reduce(into:action:),
      dependencies: dependencies)
    self.readState = { runtime.state }
    self.sendAction = { runtime.send($0, then: $1) }
    self.runtime = AnyStoreRuntime(runtime)
  }

  private init(
    readState: @escaping @MainActor () -> State,
    sendAction: @escaping @MainActor (Action, () -> Void) -> StoreTask,
    runtime: AnyStoreRuntime
  ) {
    self.readState = readState
    self.sendAction = sendAction
    self.runtime = runtime
  }

  /// The current state, read through the root. Reading it registers with observation.
  public var state: State {
    let value = readState()
    registrar.access(self, keyPath: \.state)
    if stateAsRead == nil {
      runtime.watch(StateWatcher(self))
    }
    stateAsRead = value
    return value
  }

  /// A part of the current state, read through the store (`store.count`); registers with
  /// observation as reading ``state`` does.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    state[keyPath: keyPath]
  }

  /// Runs `body` with the current state, without registering with observation (TCA's
  /// `withState`): for reading state outside a view, in a test or a callback.
  public func withState<Value>(_ body: (_ state: State) -> Value) -> Value {
    body(readState())
  }

  /// The current state without registering with observation; for `TestStore`, whose reads
  /// should not make every batch compare states.
  @usableFromInline package var unobservedState: State { readState() }

  /// Notifies this store's observers if its state changed since it was last read; the root
  /// store calls it after each batch while a read is outstanding. Returns whether it is still
  /// waiting for a change (nothing changed), so the root store keeps telling it.
  fileprivate func notifyIfChanged() -> Bool {
    guard let before = stateAsRead else { return false }
    let after = readState()
    if let before = before as? any Equatable, isEqual(before, after) { return true }
    stateAsRead = nil
    registrar.withMutation(of: self, keyPath: \.state) {}
    return false
  }

  /// Sends an action. The returned task tracks the effects this send started.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    sendAction(action, {})
  }

  /// Sends an action, then runs `body` once the batch it started is reduced, while the
  /// store's dependencies are still current: a test store checks the step there, without
  /// binding the dependencies a second time (a task-local push, about 700 instructions;
  /// Lab/README.md, "Store benchmark", case (f)). `body` does not run when the action is
  /// queued behind a send already in progress.
  @discardableResult
  package func send(_ action: Action, then body: () -> Void) -> StoreTask {
    sendAction(action, body)
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
      sendAction: { sendAction(toChildAction.embed($0), $1) },
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
      sendAction: { sendAction(toChildAction.embed($0), $1) },
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

  /// Waits until no effect is running, or until `timeout` passes. Returns whether the store
  /// became idle. The console uses it so a script's output does not depend on timing.
  public func waitForEffects(timeout: Duration = .seconds(5)) async -> Bool {
    guard runtime.inFlightEffectCount() != 0 else { return true }
    let waitUntilIdle = runtime.waitUntilIdle
    // Whichever comes first: the end of the last effect (awaited, not polled) or the time.
    return await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        await waitUntilIdle()
        return true
      }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
  }
}

/// The parts of a ``StoreRuntime`` that do not depend on its state and action types.
@MainActor
private struct AnyStoreRuntime {
  let inFlightEffectCount: @MainActor () -> Int
  let waitUntilIdle: @MainActor @Sendable () async -> Void
  let watch: @MainActor (StateWatcher) -> Void
  let cancelAllEffects: @MainActor () -> Void
  let replaceDependencies: @MainActor (DependencyValues) -> Void

  init<State, Action>(_ runtime: StoreRuntime<State, Action>) {
    self.inFlightEffectCount = { runtime.inFlightEffectCount }
    self.waitUntilIdle = { await runtime.waitUntilIdle() }
    self.watch = { runtime.watch($0) }
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

extension Store: Observable {}

/// A store whose state was read and has not changed since, which the root store tells after
/// each batch of actions; held weakly, so a released store stops notifying.
@MainActor
struct StateWatcher {
  /// Tells the store; true while it is still waiting for a change, false once it notified or
  /// has been released.
  let notifyIfChanged: @MainActor () -> Bool

  init<State, Action>(_ store: Store<State, Action>) {
    self.notifyIfChanged = { [weak store] in
      store?.notifyIfChanged() ?? false
    }
  }
}

/// Whether `rhs` is a value of `lhs`'s type equal to it.
private func isEqual<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool {
  lhs == (rhs as? Value)
}

/// The store of a reducer's state and actions: `StoreOf<Counter>` is
/// `Store<Counter.State, Counter.Action>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>
