import CoreStore
import CoreUI

/// Shows the name Fuga was opened with, and offers the ways back: one screen, to a screen its
/// routes name, to the root.
public struct FugaView: TextView {
  /// What the view renders, and where its commands send.
  public let store: Store<Fuga.State, Fuga.Action>

  /// A view that renders `store` and holds nothing else.
  public init(store: Store<Fuga.State, Fuga.Action>) {
    self.store = store
  }

  /// What Fuga was given.
  public func render() -> [String] {
    ["Fuga", "  Hello, \(store.state.name)!"]
  }

  /// The screens `popto` can name: Fuga's routes, joined with "or".
  static var routeNames: String {
    routeWords.joined(separator: " or ")
  }

  /// The words `popto` takes: the names of Fuga's routes.
  static var routeWords: [String] {
    Fuga.Route.allCases.map { "\($0)" }
  }

  /// `back`, `root`, `popto`, `hoge`.
  public var commands: [TextCommand] {
    [
      TextCommand("back", help: "Go back one screen") { _ in store.send(.backTapped) },
      TextCommand("root", help: "Go back to the first screen") { _ in store.send(.rootTapped) },
      TextCommand(
        "popto", arguments: [.required("screen", choices: .screens(Self.routeWords))],
        help: "Go back to the nearest \(Self.routeNames) screen"
      ) { arguments in
        let screen = try arguments.string(0)
        guard let route = Fuga.Route.allCases.first(where: { "\($0)" == screen }) else {
          throw CommandError(
            "popto goes back to a screen Fuga can name: \(Self.routeNames) (got '\(screen)')")
        }
        store.send(.popToTapped(route))
      },
      TextCommand("hoge", help: "Open a new Hoge on top") { _ in store.send(.hogeTapped) },
    ]
  }
}
