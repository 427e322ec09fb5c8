import CoreDependencies

/// Who owns an effect: one pushed, presented or listed child, as a step of the path that
/// cancellation ids are matched within. Removing a child cancels all the work it owns, and a
/// parent can cancel its children's.
package enum EffectOwner: Hashable, Sendable {
  case stackElement(StackElementID)
  case presentation(Int)
  case optional(EffectID)
  case listElement(list: EffectID, id: EffectID)
}

/// How a child that was pushed or presented leaves: set by `forEach` and `ifLet` around the
/// child's effects, read by ``DismissEffect``.
enum DismissContext {
  @TaskLocal static var handler: DismissHandler?
}

/// What `dismiss()` runs in an effect of a pushed or presented screen.
///
/// A struct, not a bare closure: a task-local of optional function type crashed in
/// `swift_task_localValuePush` in release builds (Swift 6.3.1); a struct around it does not.
struct DismissHandler: Sendable {
  let dismiss: @Sendable () async -> Void
}

extension Effect {
  /// Runs each async operation with a dismiss handler that sends `dismissAction` through the
  /// operation's own send handle.
  func dismissing(with dismissAction: Action) -> Effect {
    // The action is the presentation's own `.dismiss`, sent to the store's main actor.
    let dismissAction = UncheckedSendable(dismissAction)
    return mapRuns { run in
      var run = run
      let body = run.body
      run.body = { send in
        let handler = DismissHandler { await send(dismissAction.value) }
        await DismissContext.$handler.withValue(handler) {
          await body(send)
        }
      }
      return run
    }
  }

  /// Runs each async operation with `dismiss` as what `dismiss()` does in it, unless a screen
  /// inside sets its own: how a `TestStore` lets the feature at its root dismiss itself, as
  /// TCA's does.
  package func dismissingRoot(_ dismiss: @escaping @Sendable () async -> Void) -> Effect {
    mapRuns { run in
      var run = run
      let body = run.body
      run.body = { send in
        await DismissContext.$handler.withValue(DismissHandler(dismiss: dismiss)) {
          await body(send)
        }
      }
      return run
    }
  }

  /// Puts every run and every cancellation of this effect inside the screen `scope`, so that
  /// the screen's ids never meet a sibling's, and removing the screen cancels exactly its work.
  func scoped(to scope: EffectOwner) -> Effect {
    Effect(
      steps: steps.map { step in
        switch step {
        case .send:
          return step
        case .cancel(let id, let path):
          return .cancel(id, path: [scope] + path)
        case .cancelScreen(let path):
          return .cancelScreen(path: [scope] + path)
        case .run(var run):
          run.path.insert(scope, at: 0)
          return .run(run)
        }
      })
  }

  /// Cancels the work of the screens with these scopes.
  static func cancel(screens: [EffectOwner]) -> Effect {
    Effect(steps: screens.map { .cancelScreen(path: [$0]) })
  }

  /// Moves each run's owner check from the child's state up to the parent's: a run is alive
  /// while `locate` finds the child in the parent's state and the child's own check holds.
  ///
  /// A navigation reducer (`forEach`, `ifLet`) passes `isScreen`, so a run with no check yet
  /// gets one; `Scope` does not, because its child is always there.
  @usableFromInline
  func owned<ParentState, ChildState>(
    by locate: @escaping (ParentState) -> ChildState?,
    isScreen: Bool
  ) -> Effect {
    let hasChecks = steps.contains { step in
      if case .run(let run) = step { run.ownerCheck != nil } else { false }
    }
    if !isScreen && !hasChecks { return self }
    return mapRuns { run in
      var run = run
      if let inner = run.ownerCheck as? OwnerCheck<ChildState> {
        run.ownerCheck = OwnerCheck<ParentState> { parent in
          guard let child = locate(parent) else { return false }
          return inner.isPresent(child)
        }
      } else if isScreen {
        // No check, or one a hand-written reducer did not lift: this screen's own presence.
        run.ownerCheck = OwnerCheck<ParentState> { locate($0) != nil }
      } else {
        run.ownerCheck = nil
      }
      return run
    }
  }
}

/// Tells whether the screen that started a run is still in a state of type `State`. Made by
/// `forEach` and `ifLet`, lifted through every `Scope` up to the root store, which asks it
/// after each action and cancels the run when its screen is gone, however the screen left.
package final class OwnerCheck<State>: @unchecked Sendable {
  // Captures only key paths, case paths and ids, which are immutable.
  package let isPresent: (State) -> Bool

  init(_ isPresent: @escaping (State) -> Bool) {
    self.isPresent = isPresent
  }
}
