import CoreDependencies

/// The engine under a root ``Store``: the state, the reducer, the action queue and the effects
/// in flight. Scoped stores keep a reference to it and read through it.
@MainActor
final class StoreRuntime<State, Action: Sendable> {
  var state: State
  private let reducer: (inout State, Action) -> Effect<Action>
  private let dependencies: DependencyValues

  private var queue: [Action] = []
  private var isProcessing = false
  private var nextTaskID = 0
  private var tasks: [Int: Task<Void, Never>] = [:]
  private var tasksByID: [EffectID: Set<Int>] = [:]
  private var idsByTask: [Int: [EffectID]] = [:]
  private var observers: [@MainActor () -> Void] = []

  init(
    state: State,
    reducer: @escaping (inout State, Action) -> Effect<Action>,
    dependencies: DependencyValues
  ) {
    self.state = state
    self.reducer = reducer
    self.dependencies = dependencies
  }

  var inFlightEffectCount: Int { tasks.count }

  func addObserver(_ observer: @escaping @MainActor () -> Void) {
    observers.append(observer)
  }

  /// Queues `action`; when no other send is running, processes the queue first in, first out.
  func send(_ action: Action) -> StoreTask {
    queue.append(action)
    guard !isProcessing else { return StoreTask(tasks: []) }
    isProcessing = true
    var started: [Task<Void, Never>] = []
    var index = 0
    while index < queue.count {
      let next = queue[index]
      index += 1
      let effect = DependencyValues.$current.withValue(dependencies) {
        reducer(&state, next)
      }
      perform(effect, startedTasks: &started)
    }
    queue.removeAll(keepingCapacity: true)
    isProcessing = false
    for observer in observers {
      observer()
    }
    return StoreTask(tasks: started)
  }

  private func perform(_ effect: Effect<Action>, startedTasks: inout [Task<Void, Never>]) {
    for step in effect.steps {
      switch step {
      case .send(let action):
        queue.append(action)
      case .cancel(let id):
        cancel(id)
      case .run(let run):
        for cancellation in run.cancellations where cancellation.cancelInFlight {
          cancel(cancellation.id)
        }
        startedTasks.append(start(run))
      }
    }
  }

  private func start(_ run: Effect<Action>.Run) -> Task<Void, Never> {
    let taskID = nextTaskID
    nextTaskID += 1
    let send = Send<Action> { [weak self] action in
      _ = self?.send(action)
    }
    let task = Task(priority: run.priority) { [weak self] in
      await DependencyValues.$current.withValue(run.dependencies) {
        await run.body(send)
      }
      self?.finished(taskID)
    }
    tasks[taskID] = task
    for cancellation in run.cancellations {
      tasksByID[cancellation.id, default: []].insert(taskID)
    }
    idsByTask[taskID] = run.cancellations.map(\.id)
    return task
  }

  private func finished(_ taskID: Int) {
    tasks[taskID] = nil
    for id in idsByTask.removeValue(forKey: taskID) ?? [] {
      tasksByID[id]?.remove(taskID)
      if tasksByID[id]?.isEmpty == true {
        tasksByID[id] = nil
      }
    }
  }

  private func cancel(_ id: EffectID) {
    guard let taskIDs = tasksByID.removeValue(forKey: id) else { return }
    for taskID in taskIDs {
      tasks[taskID]?.cancel()
    }
  }
}
