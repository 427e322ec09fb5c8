import CoreStore

extension AppRouter.Path {
  /// The work `screens` still owe as the App closes them without their asking (a sign-out,
  /// a link that replaces a stack, a request that returns to a screen under them): each is
  /// sent its close action (`Screen.closeAction`, a save still waiting for its pause, say) on
  /// a copy of its state, outside the stack that held it, so the work runs to its end though
  /// the screen is gone. What that work sends back has no screen to go to; the caller maps
  /// it to an action it ignores.
  static func finishing(_ screens: [State]) -> Effect<Action> {
    var effects: [Effect<Action>] = []
    for screen in screens {
      guard let action = screen.closeAction else { continue }
      var closing = screen
      effects.append(body.reduce(into: &closing, action: action))
    }
    return .merge(effects)
  }
}
