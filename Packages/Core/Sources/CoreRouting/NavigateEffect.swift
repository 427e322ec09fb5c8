import CoreDependencies
import CoreStore

/// Asks the app for a screen from any depth: a reducer nested anywhere (an item's detail inside
/// the list's destination) names a route of its own module and the stack it is on decides what
/// it does, with no parent relaying an action. Like `dismiss`, it ends in a real action: the
/// one the stack's reducer names with `navigationRequests(_:)`, which the App's tests see, and
/// a `TestStore` of the child records it for `receiveNavigation`.
///
/// ```swift
/// @Dependency(\.navigate) var navigate
/// case .openInHogeTapped:
///   return .run { [name = state.item.name] _ in
///     await navigate(.push(ItemList.Route.hoge(name: name)))
///   }
/// ```
///
/// Routes stay typed and per module: a child asks in terms of its module's `Route` (the one its
/// screen declares), and only the App knows which screen a route names.
public struct NavigateEffect: Sendable {
  private let override: (@Sendable (NavigationRequest) async -> Void)?

  /// A navigate that runs `navigate` instead; for tests that check what was asked.
  public init(_ navigate: @escaping @Sendable (NavigationRequest) async -> Void) {
    self.override = navigate
  }

  init() {
    self.override = nil
  }

  /// Asks for `command`, in terms of a module's routes.
  public func callAsFunction<Route: NavigationRoute>(
    _ command: NavigationCommand<Route>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let request = NavigationRequest(command)
    if let override {
      await override(request)
      return
    }
    guard let handler = NavigationContext.handler else {
      reportIssue(
        """
        navigate(\(request)) was called outside an effect of a screen a router runs; the \
        router reads requests with .navigationRequests(\\.navigationRequested) on its body, \
        and a TestStore records them for receiveNavigation
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    await handler.request(request)
  }
}

extension NavigateEffect: DependencyKey {
  /// Sends the request to the router whose effect is running.
  public static var liveValue: NavigateEffect { NavigateEffect() }
  /// The same as live: it only ever sends an action, which a test then sees.
  public static var testValue: NavigateEffect { NavigateEffect() }
}

extension DependencyValues {
  /// Asks the app for a screen from any depth: `@Dependency(\.navigate)`.
  public var navigate: NavigateEffect {
    get { self[NavigateEffect.self] }
    set { self[NavigateEffect.self] = newValue }
  }
}

/// Where a navigation request goes in the effect running now.
package enum NavigationContext {
  @TaskLocal package static var handler: NavigationHandler?
}

/// What `navigate` runs in an effect under a router (a struct: a task-local of optional
/// function type crashed in release builds, see `DismissHandler`).
package struct NavigationHandler: Sendable {
  package let request: @Sendable (NavigationRequest) async -> Void

  package init(request: @escaping @Sendable (NavigationRequest) async -> Void) {
    self.request = request
  }
}

extension Effect {
  /// Runs each async operation with `navigate` sending `toAction(request)` through the
  /// operation's own send handle, unless a handler inside sets its own.
  package func sendingNavigationRequests(
    _ toAction: @escaping @Sendable (NavigationRequest) -> Action
  ) -> Effect {
    mapRuns { run in
      var run = run
      let body = run.body
      run.body = { send in
        let handler = NavigationHandler { await send(toAction($0)) }
        await NavigationContext.$handler.withValue(handler) {
          await body(send)
        }
      }
      return run
    }
  }

  /// Runs each async operation with `navigate` calling `handle`, unless a handler inside sets
  /// its own: how a `TestStore` records the requests of the feature at its root.
  package func handlingNavigationRequests(
    _ handle: @escaping @Sendable (NavigationRequest) async -> Void
  ) -> Effect {
    mapRuns { run in
      var run = run
      let body = run.body
      run.body = { send in
        await NavigationContext.$handler.withValue(NavigationHandler(request: handle)) {
          await body(send)
        }
      }
      return run
    }
  }
}

extension Reducer {
  /// Lets every effect this reducer returns (its children's, at any depth) ask for a screen
  /// with `@Dependency(\.navigate)`: each request comes back as `toAction`'s action, which
  /// the reducer then carries out.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   CombineReducers { … }
  ///     .navigationRequests(\.navigationRequested)
  /// }
  /// ```
  public func navigationRequests(
    _ toAction: CasePath<Action, NavigationRequest>
  ) -> NavigationRequestsReducer<Self> {
    NavigationRequestsReducer(base: self, toAction: toAction)
  }
}

/// A reducer whose effects may ask for screens (`navigationRequests(_:)`).
public struct NavigationRequestsReducer<Base: Reducer>: Reducer {
  let base: Base
  let toAction: CasePath<Base.Action, NavigationRequest>

  /// Runs the base reducer; its effects' requests come back as actions.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let effect = base.reduce(into: &state, action: action)
    guard !effect.isNone else { return effect }
    let toAction = self.toAction
    return effect.sendingNavigationRequests { toAction.embed($0) }
  }
}

extension Reducer where Action: CasePathable {
  /// The `navigationRequests` that takes a `CasePath`, with the action named by a case key
  /// path: `.navigationRequests(\.navigationRequested)`.
  public func navigationRequests(
    _ toAction: CaseKeyPath<Action, NavigationRequest>
  ) -> NavigationRequestsReducer<Self> {
    NavigationRequestsReducer(base: self, toAction: CasePath(toAction))
  }
}
