// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import CoreStore
import Foundation

// TCA's TicTacToe example (Sources/TwoFactorCore/TwoFactorCore.swift), ported by expanding its macros only.

public struct TwoFactor: Reducer, Sendable {
  public struct State: Equatable {
    @Presents public var alert: AlertState<Action.Alert>?
    public var code = ""
    public var isFormValid = false
    public var isTwoFactorRequestInFlight = false
    public let token: String

    public init(token: String) {
      self.token = token
    }
  }

  public enum Action: Sendable, ViewAction, CasePathable {
    case alert(PresentationAction<Alert>)
    case twoFactorResponse(Result<AuthenticationResponse, any Error>)
    case view(View)

    public enum Alert: Equatable, Sendable {}

    public enum View: CasePathable, BindableAction, Sendable {
      case binding(BindingAction<State>)
      case submitButtonTapped
    }
  }

  @Dependency(\.authenticationClient) var authenticationClient

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer(action: \.view)
    Reduce { state, action in
      switch action {
      case .alert:
        return .none

      case .twoFactorResponse(.failure(let error)):
        state.alert = AlertState { TextState(error.localizedDescription) }
        state.isTwoFactorRequestInFlight = false
        return .none

      case .twoFactorResponse(.success):
        state.isTwoFactorRequestInFlight = false
        return .none

      case .view(.binding):
        state.isFormValid = state.code.count >= 4
        return .none

      case .view(.submitButtonTapped):
        state.isTwoFactorRequestInFlight = true
        return .run { [code = state.code, token = state.token] send in
          await send(
            .twoFactorResponse(
              await Result {
                try await self.authenticationClient.twoFactor(code: code, token: token)
              }
            )
          )
        }
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}
