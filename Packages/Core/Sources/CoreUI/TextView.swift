/// A screen of a text app: the lines that show its state, and the commands a person may type
/// on it. The console shows the root view and runs its commands.
///
/// A text view holds a store and does nothing else: it reads state and sends actions, so a
/// SwiftUI view could sit in the same place on Apple platforms.
///
/// ```swift
/// struct CounterView: TextView {
///   let store: Store<CounterFeature.State, CounterFeature.Action>
///
///   func render() -> [String] { ["Count: \(store.state.count)"] }
///
///   var commands: [TextCommand] {
///     [
///       TextCommand("+", help: "Add one") { _ in store.send(.increment) },
///       TextCommand("-", help: "Take one away") { _ in store.send(.decrement) },
///     ]
///   }
/// }
/// ```
@MainActor
public protocol TextView {
  /// The lines that show the current state.
  func render() -> [String]
  /// The commands a person may type on this screen.
  var commands: [TextCommand] { get }
}
