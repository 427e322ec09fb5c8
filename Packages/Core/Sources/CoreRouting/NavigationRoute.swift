/// Marks a feature's enum of the places it may ask to go, so `make generate` finds it and maps
/// each case to the screen of the App's list it names. No code is generated into the feature:
/// a route is plain data, matched by the App.
///
/// ```swift
/// public enum Route: NavigationRoute {
///   case fuga(name: String)  // pushes Fuga.State(name:)
/// }
/// ```
public protocol NavigationRoute: Equatable, Sendable {}
