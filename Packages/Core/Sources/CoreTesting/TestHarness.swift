import CoreDependencies
import CoreRouting
import CoreStore

/// What a ``TestStore`` learns from the store it drives: which actions effects sent (with the
/// state after each), and which effects are still running; and what it tells the reducer: the
/// dependencies of the next step.
///
/// Only touched on the main actor: by the `TestStore` (main-actor isolated) and by reducers
/// that its main-actor `Store` runs. Reducers are not statically isolated, hence unchecked.
@usableFromInline
final class TestHarness<State, Action>: @unchecked Sendable {
  struct Received {
    let action: Action
    let state: State
    let firstStackID: StackElementID
    /// The shared values as this action left them.
    let shared: SharedCapture?
  }

  // None of these properties takes Swift's dynamic exclusivity check: they are touched on the
  // main actor only, and every access is instantaneous (an assignment, an append, a read), so
  // none can overlap another. With the test store's, the checks cost about 1,400 instructions
  // per test step (Lab/README.md, "Store benchmark", case (f)).
  @exclusivity(unchecked) var received: [Received] = [] {
    didSet { hasReceived = !received.isEmpty }
  }
  /// Whether `received` holds any action: what every `send` asks, read without touching the
  /// array (a generic array's type is looked up at run time, about 650 instructions a step).
  @exclusivity(unchecked) private(set) var hasReceived = false
  /// The screens the feature's effects asked for with `navigate`, not asserted yet.
  @exclusivity(unchecked) var navigationRequests: [NavigationRequest] = []
  // What the sent action left, once reduced (`hasSent`): plain fields rather than an optional
  // struct, for the same reason as `hasReceived`.
  @exclusivity(unchecked) var hasSent = false
  /// The state the sent action left.
  @exclusivity(unchecked) private(set) var sentState: State
  /// The first stack id the sent action's reduce could hand out.
  @exclusivity(unchecked) private(set) var sentFirstStackID = StackElementID(generation: 0)
  /// The shared values as the sent action left them.
  @exclusivity(unchecked) private(set) var sentShared: SharedCapture?
  @exclusivity(unchecked) var isSending = false
  @exclusivity(unchecked) var currentLocation = IssueLocation()
  /// The values every reduce runs with (and every effect it starts captures); a test may
  /// change them between steps.
  @usableFromInline @exclusivity(unchecked) var dependencies: DependencyValues {
    didSet {
      stackIDs = dependencies.stackElementID
      sharedChanges = dependencies.sharedChangeTracker
    }
  }
  // Two of `dependencies`' values, looked up once per change instead of on every step: a
  // lookup casts the stored value back to its type (about 2,700 instructions a step for both;
  // Lab/README.md, "Store benchmark", case (f)).
  /// The stack id generator of `dependencies`.
  @exclusivity(unchecked) private(set) var stackIDs: StackElementIDGenerator
  /// The shared-change tracker of `dependencies`; nil when the store tracks none.
  @exclusivity(unchecked) private(set) var sharedChanges: SharedChangeTracker?
  @exclusivity(unchecked) private(set) var inFlight: [Int: IssueLocation] = [:]
  @exclusivity(unchecked) private var nextEffectToken = 0
  /// The feature at the root called `dismiss()`.
  @exclusivity(unchecked) var isDismissed = false
  /// What the root's `dismiss()` does besides marking it: the test store cancels its work.
  @exclusivity(unchecked) var onRootDismiss: (@MainActor () -> Void)?
  /// Who waits in ``wait(timeout:until:)`` for the next action received or effect ended.
  @exclusivity(unchecked) private var waiters: [CheckedContinuation<Void, Never>] = []
  /// How the last ``wait(timeout:until:)`` that gave up waited: for the failure's message.
  @exclusivity(unchecked) private(set) var lastWaitEnd = WaitEnd.idle

  /// A harness for a store with `dependencies` (and the harness's effect executor), whose
  /// initial state it builds with them: ``initialState``.
  @usableFromInline
  init(dependencies: DependencyValues, initialState: () -> State) {
    var dependencies = dependencies
    dependencies.effectExecutor = effects
    self.dependencies = dependencies
    self.sentState = DependencyValues.$current.withValue(dependencies) { initialState() }
    self.stackIDs = dependencies.stackElementID
    self.sharedChanges = dependencies.sharedChangeTracker
  }

  /// Before the first step: the state the store starts from (built in `init`).
  @usableFromInline var initialState: State { sentState }

  /// Where the store's effects run: on the main thread, one job at a time, in order.
  let effects = EffectExecutor()

  /// Before a reduce: the first stack id it may hand out, and whether the action is the one
  /// `send` is sending (not one an effect sent).
  @usableFromInline
  func beginReduce() -> (firstStackID: StackElementID, isSent: Bool) {
    let firstStackID = stackIDs.peek()
    let isSent = isSending
    isSending = false
    return (firstStackID, isSent)
  }

  /// After a reduce: the state it left, as the sent step or as a received action; and the
  /// effect it returned, its runs tracked until they end.
  @usableFromInline
  func endReduce(
    action: Action, state: State, firstStackID: StackElementID, isSent: Bool,
    effect: Effect<Action>
  ) -> Effect<Action> {
    let shared = sharedChanges?.capture()
    if isSent {
      sentState = state
      sentFirstStackID = firstStackID
      sentShared = shared
      hasSent = true
    } else {
      received.append(
        Received(action: action, state: state, firstStackID: firstStackID, shared: shared))
      changed()
    }
    if effect.isNone { return effect }
    return effect.dismissingRoot { [self] in
      await MainActor.run { self.dismissRoot() }
    }
    .handlingNavigationRequests { [self] request in
      await MainActor.run { self.recordNavigation(request) }
    }
    .mapRuns { run in
      var run = run
      let token = effectStarted()
      let body = run.body
      run.body = { send in
        await body(send)
        await MainActor.run { self.effectFinished(token) }
      }
      return run
    }
  }

  /// Runs `body` (an assertion closure, or the description of the state it expects) with the
  /// stack ids handed out again from `first`, so the elements it pushes get the ids the step
  /// gave them, and, when `asserting`, with this store's shared values reading and changing
  /// what the test expects. The store's dependencies must be current. The generator goes
  /// back to where the step left it afterwards: the replay happens in place, with no other
  /// dependencies to bind (a task-local push, about 700 instructions a step).
  func replaying<Result>(
    from first: StackElementID, asserting: Bool, _ body: () throws -> Result
  ) rethrows -> Result {
    let resume = stackIDs.peek()
    stackIDs.restart(at: first)
    defer { stackIDs.restart(at: resume) }
    guard asserting, let sharedChanges else { return try body() }
    return try sharedChanges.assertingChanges(body)
  }

  func effectStarted() -> Int {
    let token = nextEffectToken
    nextEffectToken += 1
    inFlight[token] = currentLocation
    return token
  }

  func effectFinished(_ token: Int) {
    inFlight[token] = nil
    changed()
  }

  /// Makes the root's `dismiss()` cancel the work of `store`, the store this harness watches.
  @usableFromInline
  func cancelsWork(of store: Store<State, Action>) {
    onRootDismiss = { [weak store] in store?.cancelAllEffects() }
  }

  /// The root feature dismissed itself, as in TCA's test store: marked, and its work cancelled.
  @MainActor
  func dismissRoot() {
    isDismissed = true
    onRootDismiss?()
  }

  /// Stops tracking every running effect (they were cancelled and may end later).
  func forgetInFlightEffects() {
    inFlight.removeAll()
    changed()
  }

  /// Waits until `condition` holds, or the effects have not moved for `timeout`; whether it
  /// holds. Woken by each action an effect sends and each effect that ends (and at the
  /// deadline), never by polling. A busy machine that runs the effects slowly only makes it
  /// wait longer: only a hang reaches the deadline.
  @MainActor
  func wait(timeout: Duration, until condition: () -> Bool) async -> Bool {
    if condition() { return true }
    let alarm = Alarm()
    let ringer = Task { @MainActor [self, effects] in
      var deadline = EffectExecutor.Deadline(idleFor: timeout, watching: effects)
      while !deadline.hasPassed() {
        do {
          try await ContinuousClock().sleep(until: deadline.idleDeadline)
        } catch {
          return
        }
      }
      lastWaitEnd = deadline.passedAtHardLimit ? .busy : .idle
      alarm.hasRung = true
      changed()
    }
    defer { ringer.cancel() }
    while !condition() {
      if alarm.hasRung { return false }
      await withCheckedContinuation { waiters.append($0) }
    }
    return true
  }

  /// Wakes whoever waits, to look again.
  /// An effect asked for a screen: kept for `receiveNavigation`.
  private func recordNavigation(_ request: NavigationRequest) {
    navigationRequests.append(request)
    changed()
  }

  private func changed() {
    let woken = waiters
    waiters.removeAll()
    for waiter in woken {
      waiter.resume()
    }
  }
}

/// Wraps the reducer under test: tells the sent action from the received ones, and tracks
/// the effects it starts. The store runs it with the harness's dependencies (the test store
/// hands every change of them to the store). Inlinable, with ``TestStore``'s initializer, so
/// the store a test makes is specialised for the test's reducer instead of running it through
/// generic code.
@usableFromInline
struct TestReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let harness: TestHarness<Base.State, Base.Action>

  @inlinable
  init(base: Base, harness: TestHarness<Base.State, Base.Action>) {
    self.base = base
    self.harness = harness
  }

  @inlinable
  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let (firstStackID, isSent) = harness.beginReduce()
    let effect = base.reduce(into: &state, action: action)
    return harness.endReduce(
      action: action, state: state, firstStackID: firstStackID, isSent: isSent, effect: effect)
  }
}

/// How a wait that gave up ended: the effects stood still for the timeout, or they never did
/// until the cut-off of ``EffectExecutor/Deadline/hardLimit`` timeouts.
enum WaitEnd: Sendable, Equatable {
  case idle
  case busy

  /// What was waited and why it ended, after "within": `1.0 seconds in which no effect ran`.
  func describe(_ timeout: Duration) -> String {
    switch self {
    case .idle:
      return "\(timeout) in which no effect ran"
    case .busy:
      let limit = EffectExecutor.Deadline.hardLimit
      return "\(timeout * limit): the cut-off, \(limit) times the timeout of \(timeout), as the"
        + " effects never stood still that long (one that loops without suspending, on"
        + " Task.yield() say, never ends)"
    }
  }
}

/// Whether a wait's deadline passed: set by the task that watches the effects, read by the
/// wait; both on the main actor.
@MainActor
private final class Alarm {
  var hasRung = false
}
