// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import CoreStore
import Foundation

// TCA's TicTacToe example (Sources/NewGameCore/NewGameCore.swift), ported by expanding its macros only.

public struct NewGame: Reducer {
  public struct State: Equatable {
    @Presents public var game: Game.State?
    public var oPlayerName = ""
    public var xPlayerName = ""

    public init() {}
  }

  public enum Action: BindableAction, CasePathable {
    case binding(BindingAction<State>)
    case game(PresentationAction<Game.Action>)
    case letsPlayButtonTapped
    case logoutButtonTapped
  }

  public init() {}

  public var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        return .none

      case .game:
        return .none

      case .letsPlayButtonTapped:
        state.game = Game.State(
          oPlayerName: state.oPlayerName,
          xPlayerName: state.xPlayerName
        )
        return .none

      case .logoutButtonTapped:
        return .none
      }
    }
    .ifLet(\.$game, action: \.game) {
      Game()
    }
  }
}
