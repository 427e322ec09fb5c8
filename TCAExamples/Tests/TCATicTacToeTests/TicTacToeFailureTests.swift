import CoreStore
import CoreTesting
import Testing

// Not TCA's: the failures a port must still report, on the ported TicTacToe.
@MainActor
struct TicTacToeFailureTests {
  @Test
  func wrongCellFails() async {
    let store = TestStore(
      initialState: Game.State(oPlayerName: "Blob Jr.", xPlayerName: "Blob Sr.")
    ) {
      Game()
    }
    await withKnownIssue {
      await store.send(.cellTapped(row: 0, column: 0)) {
        $0.board[0][1] = .x
        $0.currentPlayer = .o
      }
    }
  }

  @Test
  func unimplementedLoginFails() async {
    let store = TestStore(initialState: TicTacToe.State.login(Login.State())) {
      TicTacToe.body
    }
    await withKnownIssue {
      await store.send(\.login.view.loginButtonTapped) {
        $0.modify(\.login) { $0.isLoginRequestInFlight = true }
      }
      await store.receive(\.login.loginResponse.failure) {
        $0.modify(\.login) {
          $0.isLoginRequestInFlight = false
          $0.alert = AlertState { TextState(Unimplemented("login").localizedDescription) }
        }
      }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("Unimplemented: 'AuthenticationClient.login'")
      }
    }
  }

  @Test
  func unreceivedDismissFails() async {
    await withKnownIssue {
      let store = TestStore(initialState: NewGame.State()) { NewGame() }
      await store.send(.letsPlayButtonTapped) {
        $0.game = Game.State(oPlayerName: "", xPlayerName: "")
      }
      await store.send(\.game.quitButtonTapped)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("dismiss") }
    }
  }
}
