import CoreDependencies

// In the template this conformance lives in the App, a module the feature never imports.
extension GreetingClient: DependencyKey {
  static let liveValue = GreetingClient { "live hello, \($0)" }
}
