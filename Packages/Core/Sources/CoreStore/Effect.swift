import CoreDependencies

/// The work a reducer asks for after changing the state: nothing, an action right away, an
/// async operation that may send actions, or the cancellation of earlier work.
///
/// Effects are values: a store runs them; a `TestStore` runs them and checks what they sent.
///
/// ```swift
/// case .refreshTapped:
///   state.isLoading = true
///   return .run { send in
///     await send(.loaded(try await items.load()))
///   } catch: { error, send in
///     await send(.failed(error.localizedDescription))
///   }
///   .cancellable(id: CancelID.load, cancelInFlight: true)
/// ```
public struct Effect<Action>: Sendable {
  /// One unit of work. `package` so CoreTesting can observe the work it runs.
  ///
  /// Unchecked because a feature's `Action` need not be `Sendable`, as in TCA (whose effects
  /// hold actions the same way): the store creates and reads a `.send` step on the main actor
  /// only, and a `.run` step's body is a `@Sendable` closure checked by the compiler.
  package enum Step: @unchecked Sendable {
    case send(Action)
    case run(Run)
    /// Cancels the runs marked with the id whose screen path starts with `path`: the screen
    /// that asked, and the screens it navigated to, never a sibling or a parent.
    case cancel(EffectID, path: [EffectOwner])
    /// Cancels every run whose screen path starts with `path`: a screen that went away.
    case cancelScreen(path: [EffectOwner])
  }

  /// An async operation with the dependencies that were current when it was made.
  package struct Run: Sendable {
    package var dependencies: DependencyValues
    package var cancellations: [EffectCancellation]
    /// The screens (stack elements, presentations) the run was started in, outermost first.
    package var path: [EffectOwner] = []
    /// Whether the screen that started the run is still in the state, as an
    /// ``OwnerCheck`` of the state at the level the effect has reached.
    package var ownerCheck: (any AnyObject & Sendable)?
    package var priority: TaskPriority?
    package var body: @Sendable (Send<Action>) async -> Void
  }

  package var steps: [Step]

  package init(steps: [Step]) {
    self.steps = steps
  }

  /// No work.
  public static var none: Effect { Effect(steps: []) }

  /// Whether this effect does nothing; composing reducers return `.none` early then, without
  /// building the closures that map the child's work.
  package var isNone: Bool { steps.isEmpty }

  /// Sends `action` once the current action is reduced, after the actions already queued (as
  /// TCA does: the store appends it to its queue). Prefer calling shared logic directly; use
  /// this to tell a parent something (delegate actions).
  public static func send(_ action: Action) -> Effect {
    Effect(steps: [.send(action)])
  }

  /// Runs an async operation that may send actions. An error other than cancellation goes to
  /// `handler` when given, and is reported as an issue otherwise.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Effect {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let body: @Sendable (Send<Action>) async -> Void = { send in
      do {
        try await operation(send)
      } catch is CancellationError {
        return
      } catch  where Task.isCancelled {
        return
      } catch {
        if let handler {
          await handler(error, send)
        } else {
          reportIssue(
            "An effect threw \(error) and no catch: handler was given; handle it with catch:",
            at: location)
        }
      }
    }
    let run = Run(
      dependencies: DependencyValues.current,
      cancellations: [],
      priority: priority,
      body: body)
    return Effect(steps: [.run(run)])
  }

  /// All the work of several effects, started together.
  public static func merge(_ effects: Effect...) -> Effect {
    merge(effects)
  }

  /// All the work of several effects, started together.
  public static func merge(_ effects: [Effect]) -> Effect {
    Effect(steps: effects.flatMap(\.steps))
  }

  /// Several effects one after another: each starts when the one before it has finished.
  ///
  /// ```swift
  /// return .concatenate(
  ///   .run { _ in try await items.save(list) },
  ///   .send(.saved)
  /// )
  /// ```
  ///
  /// Effects that only send or cancel finish at once, so leading ones stay plain steps; from
  /// the first effect with async work on, the rest run in order inside one async operation,
  /// cancellable by every id its parts carry (cancelling one part ends the whole sequence). To
  /// restart a sequence, mark the whole of it: `.concatenate(…).cancellable(id: …,
  /// cancelInFlight: true)`; a part's own `cancelInFlight` is not acted on.
  public static func concatenate(_ effects: Effect...) -> Effect {
    concatenate(effects)
  }

  /// Several effects one after another: each starts when the one before it has finished.
  public static func concatenate(_ effects: [Effect]) -> Effect {
    let firstAsync = effects.firstIndex { effect in
      effect.steps.contains { if case .run = $0 { true } else { false } }
    }
    guard let firstAsync else { return merge(effects) }
    let sequence = Array(effects[firstAsync...])
    let ids = sequence.flatMap { effect in
      effect.steps.flatMap { step -> [EffectCancellation] in
        guard case .run(let run) = step else { return [] }
        return run.cancellations.map { EffectCancellation(id: $0.id, cancelInFlight: false) }
      }
    }
    let run = Run(
      dependencies: DependencyValues.current,
      cancellations: ids,
      priority: nil,
      body: { send in
        for effect in sequence {
          guard !Task.isCancelled else { return }
          await effect.perform(with: send)
        }
      })
    return merge(Array(effects[..<firstAsync]) + [Effect(steps: [.run(run)])])
  }

  /// Performs this effect inside one async operation and returns when all its work is done:
  /// sends and cancels in order, runs together (as a store starts them). The way
  /// `concatenate` performs each of its parts.
  package func perform(with send: Send<Action>) async {
    await withTaskGroup(of: Void.self) { group in
      for step in steps {
        switch step {
        case .send(let action):
          await send(action)
        case .run(let run):
          group.addTask {
            await DependencyValues.$current.withValue(run.dependencies) {
              await run.body(send)
            }
          }
        case .cancel(let id, let path):
          await send.cancel?(id, path)
        case .cancelScreen(let path):
          await send.cancel?(nil, path)
        }
      }
    }
  }

  /// This effect, then `other` once it has finished: `.concatenate(self, other)`, as TCA's
  /// `concatenate(with:)` spells it.
  public func concatenate(with other: Effect) -> Effect {
    .concatenate(self, other)
  }

  /// This effect's work and then `other`'s, started together.
  public func merge(with other: Effect) -> Effect {
    if other.steps.isEmpty { return self }
    if steps.isEmpty { return other }
    return Effect(steps: steps + other.steps)
  }

  /// Marks the async work of this effect as cancellable by `id`. With `cancelInFlight`,
  /// starting it first cancels any running work with the same id.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
    let cancellation = EffectCancellation(id: EffectID(id), cancelInFlight: cancelInFlight)
    return mapRuns { run in
      var run = run
      run.cancellations.append(cancellation)
      return run
    }
  }

  /// Cancels every running effect marked with `id` that this feature started, or that a screen
  /// it navigated to (pushed or presented, at any depth) started. A screen cannot cancel the
  /// work of its parent or of a sibling screen, even with the same id.
  public static func cancel(id: some Hashable & Sendable) -> Effect {
    Effect(steps: [.cancel(EffectID(id), path: [])])
  }

  /// The same work, sending `transform(action)` instead of `action`.
  public func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    if steps.isEmpty { return .none }
    return Effect<NewAction>(
      steps: steps.map { step -> Effect<NewAction>.Step in
        switch step {
        case .send(let action):
          return .send(transform(action))
        case .cancel(let id, let path):
          return .cancel(id, path: path)
        case .cancelScreen(let path):
          return .cancelScreen(path: path)
        case .run(let run):
          let body = run.body
          return .run(
            Effect<NewAction>.Run(
              dependencies: run.dependencies,
              cancellations: run.cancellations,
              path: run.path,
              ownerCheck: run.ownerCheck,
              priority: run.priority,
              body: { send in await body(send.map(transform)) }))
        }
      })
  }

  /// The same effect with each async run changed by `transform`.
  package func mapRuns(_ transform: (Run) -> Run) -> Effect {
    Effect(
      steps: steps.map { step in
        guard case .run(let run) = step else { return step }
        return .run(transform(run))
      })
  }
}
