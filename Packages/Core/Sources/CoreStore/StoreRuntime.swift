import CoreDependencies

/// The engine under a root ``Store``: the state, the reducer, the action queue and the effects
/// in flight. Scoped stores keep a reference to it and read through it; when the last store
/// lets go of it, every effect it started is cancelled.
@MainActor
final class StoreRuntime<State, Action> {
  /// One effect in flight: its task, the screens it was started in, and its ids.
  private struct Running {
    let task: Task<Void, Never>
    let path: [EffectOwner]
    let ids: [EffectID]
  }

  // Exclusivity: `state` keeps Swift's dynamic check, because a reduce holds it `inout` while
  // the feature's code runs (a read of the store's state from inside a reduce must trap, not
  // see a half-made change). The bookkeeping below opts out of the check: the runtime is
  // main-actor isolated, so two threads never touch it at once, and every access to these
  // properties is instantaneous (a read, an append, an assignment; loops iterate a copy), so
  // none can overlap another. The check cost about 400 instructions per action (Lab/README.md,
  // "Store benchmark").
  var state: State
  private let reducer: (inout State, Action) -> Effect<Action>
  /// Current in every reduce (and captured by the effects it starts); a `TestStore` replaces
  /// them when a test changes its dependencies between steps.
  @exclusivity(unchecked) var dependencies: DependencyValues

  @exclusivity(unchecked) private var queue: [Action] = []
  @exclusivity(unchecked) private var isProcessing = false
  @exclusivity(unchecked) private var nextTaskID = 0
  @exclusivity(unchecked) private var running: [Int: Running] = [:]
  @exclusivity(unchecked) private var tasksByID: [EffectID: Set<Int>] = [:]
  /// The runs whose screen must still be in the state for them to go on.
  @exclusivity(unchecked) private var ownerChecks: [Int: OwnerCheck<State>] = [:]
  /// The stores whose state was read since they last notified, told after each batch (see
  /// ``Store/state``).
  @exclusivity(unchecked) private var watchers: [StateWatcher] = []
  /// Who waits for the last effect in flight to end (``waitUntilIdle()``), by a number of
  /// their own.
  @exclusivity(unchecked) private var idleWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
  @exclusivity(unchecked) private var nextWaiterID = 0

  init(
    state: State,
    reducer: @escaping (inout State, Action) -> Effect<Action>,
    dependencies: DependencyValues
  ) {
    self.state = state
    self.reducer = reducer
    self.dependencies = dependencies
  }

  isolated deinit {
    for run in running.values {
      run.task.cancel()
    }
  }

  var inFlightEffectCount: Int { running.count }

  /// Suspends until no effect is in flight (at once when none is), or until the waiting task
  /// is cancelled: resumed by the end of the last effect, not found by polling.
  func waitUntilIdle() async {
    guard !running.isEmpty else { return }
    let waiterID = nextWaiterID
    nextWaiterID += 1
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        if running.isEmpty || Task.isCancelled {
          continuation.resume()
        } else {
          idleWaiters[waiterID] = continuation
        }
      }
    } onCancel: {
      Task { @MainActor in self.idleWaiters.removeValue(forKey: waiterID)?.resume() }
    }
  }

  func watch(_ watcher: StateWatcher) {
    watchers.append(watcher)
  }

  /// Processes `action` now, or queues it when a send is already processing (an action sent
  /// from a reducer or an observer): actions are handled one at a time, first in, first out.
  /// After each action, cancels the runs of every screen that is no longer in the state.
  /// The store's dependencies are current for the whole batch, and for `afterBatch`, which
  /// runs once the batch is done (not when the action was queued).
  func send(_ action: Action, then afterBatch: () -> Void = {}) -> StoreTask {
    guard !isProcessing else {
      queue.append(action)
      return StoreTask(tasks: [])
    }
    isProcessing = true
    var started: [Task<Void, Never>] = []
    DependencyValues.$current.binding(dependencies) {
      process(action, startedTasks: &started)
      // Actions queued by the ones before: effects' `.send`s, sends from within a reduce.
      var index = 0
      while index < queue.count {
        let next = queue[index]
        index += 1
        process(next, startedTasks: &started)
      }
      if !queue.isEmpty {
        queue.removeAll(keepingCapacity: true)
      }
      isProcessing = false
      afterBatch()
    }
    notifyWatchers()
    return StoreTask(tasks: started)
  }

  /// Tells every store whose state was read since it last notified that the batch is over,
  /// and keeps those still waiting for a change. A store is told again only after another
  /// read; with none outstanding this costs nothing. An observer may read, send or scope
  /// again while it is told: a store read then is told after the next batch.
  private func notifyWatchers() {
    guard !watchers.isEmpty else { return }
    let told = watchers
    watchers = []
    for watcher in told where watcher.notifyIfChanged() {
      watchers.append(watcher)
    }
  }

  private func process(_ action: Action, startedTasks: inout [Task<Void, Never>]) {
    let effect = reducer(&state, action)
    if !effect.isNone {
      perform(effect, startedTasks: &startedTasks)
    }
    cancelRunsOfRemovedScreens()
  }

  private func perform(_ effect: Effect<Action>, startedTasks: inout [Task<Void, Never>]) {
    for step in effect.steps {
      switch step {
      case .send(let action):
        queue.append(action)
      case .cancel(let id, let path):
        cancel(id, within: path)
      case .cancelScreen(let path):
        cancelAll(within: path)
      case .run(let run):
        for cancellation in run.cancellations where cancellation.cancelInFlight {
          cancel(cancellation.id, within: run.path)
        }
        startedTasks.append(start(run))
      }
    }
  }

  private func start(_ run: Effect<Action>.Run) -> Task<Void, Never> {
    let taskID = nextTaskID
    nextTaskID += 1
    let path = run.path
    let completion = RunCompletion()
    let send = Send<Action>(
      send: { [weak self] action in
        if completion.isCompleted {
          // As TCA: still sent, but reported, since nothing awaits the work that sent it (a
          // test would pass before the state changes).
          reportIssue(
            "An action was sent from a completed effect: \(ValueDescription.oneLine(action)); "
              + "the effect's work must end before its .run closure returns: await it instead "
              + "of sending from an unstructured Task it started")
        }
        _ = self?.send(action)
      },
      cancel: { [weak self] id, relativePath in
        guard let self else { return }
        if let id {
          self.cancel(id, within: path + relativePath)
        } else {
          self.cancelAll(within: path + relativePath)
        }
      })
    let task: Task<Void, Never>
    if let executor = run.dependencies.effectExecutor {
      // A test store runs effects on its own executor, so they move only while the test
      // awaits something, in a fixed order: the whole run starts there, and only its
      // bookkeeping hops to the store.
      task = Task(executorPreference: executor, priority: run.priority) { [weak self] in
        await DependencyValues.$current.withValue(run.dependencies) {
          await run.body(send)
        }
        await MainActor.run {
          completion.isCompleted = true
          self?.finished(taskID)
        }
      }
    } else {
      task = Task(priority: run.priority) { [weak self] in
        await DependencyValues.$current.withValue(run.dependencies) {
          await run.body(send)
        }
        completion.isCompleted = true
        self?.finished(taskID)
      }
    }
    let ids = run.cancellations.map(\.id)
    running[taskID] = Running(task: task, path: run.path, ids: ids)
    for id in ids {
      tasksByID[id, default: []].insert(taskID)
    }
    // A check of another state type comes from a reducer that scoped by hand; it is left out.
    if let check = run.ownerCheck as? OwnerCheck<State> {
      ownerChecks[taskID] = check
    }
    return task
  }

  private func finished(_ taskID: Int) {
    guard let run = running.removeValue(forKey: taskID) else { return }
    if running.isEmpty, !idleWaiters.isEmpty {
      let waiters = idleWaiters.values
      idleWaiters.removeAll()
      for waiter in waiters { waiter.resume() }
    }
    ownerChecks[taskID] = nil
    for id in run.ids {
      tasksByID[id]?.remove(taskID)
      if tasksByID[id]?.isEmpty == true {
        tasksByID[id] = nil
      }
    }
  }

  /// Cancels the runs marked `id` that were started inside the screens of `path`.
  private func cancel(_ id: EffectID, within path: [EffectOwner]) {
    for taskID in tasksByID[id] ?? [] {
      if let run = running[taskID], run.path.starts(with: path) {
        cancelTask(taskID)
      }
    }
  }

  /// Cancels every run started inside the screens of `path` (all of them for an empty path).
  func cancelAll(within path: [EffectOwner]) {
    for (taskID, run) in running where run.path.starts(with: path) {
      cancelTask(taskID)
    }
  }

  private func cancelRunsOfRemovedScreens() {
    guard !ownerChecks.isEmpty else { return }
    for (taskID, check) in ownerChecks where !check.isPresent(state) {
      cancelTask(taskID)
    }
  }

  private func cancelTask(_ taskID: Int) {
    // Read, then cancel: cancelling runs the task's cancellation handlers, which must not run
    // inside an access to `running`.
    guard let run = running[taskID] else { return }
    ownerChecks[taskID] = nil
    run.task.cancel()
  }
}

/// Whether a run's operation has returned: a send after that comes from work the effect did
/// not await.
@MainActor
private final class RunCompletion {
  var isCompleted = false
}
