// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import CoreStore
import Foundation

// TCA's TicTacToe example (Sources/AuthenticationClient/AuthenticationClient.swift), ported by expanding its macros only.

public struct AuthenticationResponse: Equatable, Sendable {
  public var token: String
  public var twoFactorRequired: Bool

  public init(
    token: String,
    twoFactorRequired: Bool
  ) {
    self.token = token
    self.twoFactorRequired = twoFactorRequired
  }
}

public enum AuthenticationError: Equatable, LocalizedError, Sendable {
  case invalidUserPassword
  case invalidTwoFactor
  case invalidIntermediateToken

  public var errorDescription: String? {
    switch self {
    case .invalidUserPassword:
      return "Unknown user or invalid password."
    case .invalidTwoFactor:
      return "Invalid second factor (try 1234)"
    case .invalidIntermediateToken:
      return "404!! What happened to your token there bud?!?!"
    }
  }
}

// `@DependencyClient`, expanded as its macro writes it.
public struct AuthenticationClient: Sendable {
  public var login:
    @Sendable (_ email: String, _ password: String) async throws -> AuthenticationResponse = {
      _, _ in
      reportIssue("Unimplemented: 'AuthenticationClient.login'")
      throw Unimplemented("login")
    }
  public var twoFactor:
    @Sendable (_ code: String, _ token: String) async throws -> AuthenticationResponse = {
      _, _ in
      reportIssue("Unimplemented: 'AuthenticationClient.twoFactor'")
      throw Unimplemented("twoFactor")
    }

  public init(
    login:
      @escaping @Sendable (_ email: String, _ password: String) async throws ->
      AuthenticationResponse,
    twoFactor:
      @escaping @Sendable (_ code: String, _ token: String) async throws ->
      AuthenticationResponse
  ) {
    self.login = login
    self.twoFactor = twoFactor
  }

  public init() {}

  public func login(email: String, password: String) async throws -> AuthenticationResponse {
    try await self.login(email, password)
  }

  public func twoFactor(code: String, token: String) async throws -> AuthenticationResponse {
    try await self.twoFactor(code, token)
  }
}

extension AuthenticationClient: TestDependencyKey {
  public static let testValue = Self()
}

extension DependencyValues {
  public var authenticationClient: AuthenticationClient {
    get { self[AuthenticationClient.self] }
    set { self[AuthenticationClient.self] = newValue }
  }
}
