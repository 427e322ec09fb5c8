import CoreStore
import Testing

/// A case-pathable enum declared `@dynamicMemberLookup`, as VoiceMemos declares its mode:
/// each case's value is a member, nil while the enum is another case.
@dynamicMemberLookup
enum PlaybackMode: CasePathable, Equatable {
  case notPlaying
  case playing(progress: Double)
  case paused(at: Double, reason: String)
}

@Suite("dynamic member lookup on a case-pathable enum")
struct DynamicMemberCasesTests {
  @Test("a case's value is a member of the enum, nil in another case")
  func members() {
    let playing = PlaybackMode.playing(progress: 0.5)
    #expect(playing.playing == 0.5)
    #expect(PlaybackMode.notPlaying.playing == nil)
    // A case without a value: only the dynamic member names it.
    #expect(playing.notPlaying == nil)
    #expect(PlaybackMode.notPlaying.notPlaying != nil)
    #expect(playing[dynamicMember: \.playing] == 0.5)
    let paused = PlaybackMode.paused(at: 2, reason: "call")
    #expect(paused.paused?.reason == "call")
  }

  @Test("key paths of cases read over a list, as TCA's docs show")
  func compactMap() {
    let modes: [PlaybackMode] = [.notPlaying, .playing(progress: 0.25), .playing(progress: 1)]
    #expect(modes.compactMap(\.playing) == [0.25, 1])
    #expect(modes.filter { $0.notPlaying != nil }.count == 1)
  }
}
