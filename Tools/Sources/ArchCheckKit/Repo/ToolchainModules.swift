/// Modules that come with the toolchain or the platform, which any target may import.
public enum ToolchainModules {
  /// Module names an import may name without a declared dependency (rule 4).
  public static let names: Set<String> = [
    "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Distributed", "Observation",
    "Synchronization", "Foundation", "FoundationEssentials", "FoundationInternationalization",
    "FoundationNetworking", "FoundationXML", "Dispatch", "Glibc", "Musl", "Darwin", "Bionic",
    "Android", "WASILibc", "ucrt", "WinSDK", "CRT", "os", "Testing", "XCTest",
    "PackageDescription", "CompilerPluginSupport", "SwiftUI", "UIKit", "AppKit", "Combine",
  ]
}
