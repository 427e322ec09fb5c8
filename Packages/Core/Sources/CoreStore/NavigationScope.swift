import CoreDependencies

/// The scope of one navigated-to screen, used to cancel all its work when it goes away.
enum NavigationScope: Hashable, Sendable {
  case stackElement(StackElementID)
  case presentation(Int)
  case optional(EffectID)

  var effectID: EffectID { EffectID(self) }
}

/// How a child that was pushed or presented leaves: set by `forEach` and `ifLet` around the
/// child's effects, read by ``DismissEffect``.
enum DismissContext {
  @TaskLocal static var handler: (@Sendable () async -> Void)?
}

extension Effect {
  /// Runs each async operation with a dismiss handler that sends `dismissAction` through the
  /// operation's own send handle.
  func dismissing(with dismissAction: Action) -> Effect {
    mapRuns { run in
      var run = run
      let body = run.body
      run.body = { send in
        let dismiss: @Sendable () async -> Void = { await send(dismissAction) }
        await DismissContext.$handler.withValue(dismiss) {
          await body(send)
        }
      }
      return run
    }
  }
}

extension Effect where Action: Sendable {
  /// Cancels the work of the screens with these scopes.
  static func cancel(scopes: [NavigationScope]) -> Effect {
    Effect(steps: scopes.map { .cancel($0.effectID) })
  }
}
