import CoreStore
import CoreUI

/// The gate as text: how to sign in and why the last attempt was refused; a SwiftUI view on
/// the same store would sit in its place on Apple platforms.
public struct SignInView: TextView {
  /// What the view renders, and where its commands send.
  public let store: Store<SignIn.State, SignIn.Action>

  /// A view that renders `store` and holds nothing else.
  public init(store: Store<SignIn.State, SignIn.Action>) {
    self.store = store
  }

  /// The invitation, and the last refusal if any.
  public func render() -> [String] {
    var lines = ["Sign in", "  Who are you? signin NAME"]
    if let message = store.state.message { lines.append("  ! \(message)") }
    return lines
  }

  /// `signin NAME`.
  public var commands: [TextCommand] {
    [
      TextCommand("signin", arguments: [.required("name")], help: "Sign in with a name") {
        arguments in
        store.send(.signInTapped(name: try arguments.string(0)))
      }
    ]
  }
}
