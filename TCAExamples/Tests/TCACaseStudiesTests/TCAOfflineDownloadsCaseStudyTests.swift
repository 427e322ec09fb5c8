import CoreStore
import CoreTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// TCA's case study "Higher-order reducers: reusable offline downloads" (Examples/CaseStudies),
// ported by expanding its macros and dropping the SwiftUI views; its tests are TCA's,
// unchanged. On Linux, URLSession is in FoundationNetworking (imported above) and has no
// `bytes(from:)`, so the live client reads the data at once.

// `@DependencyClient`, expanded as its macro writes it.
struct DownloadClient {
  var download: @Sendable (_ url: URL) -> AsyncThrowingStream<Event, any Error> = { _ in .finished()
  }

  init(download: @escaping @Sendable (_ url: URL) -> AsyncThrowingStream<Event, any Error>) {
    self.download = download
  }

  init() {}

  func download(url: URL) -> AsyncThrowingStream<Event, any Error> {
    self.download(url)
  }

  enum Event: CasePathable, Equatable {
    case response(Data)
    case updateProgress(Double)
  }
}

extension DependencyValues {
  var downloadClient: DownloadClient {
    get { self[DownloadClient.self] }
    set { self[DownloadClient.self] = newValue }
  }
}

extension DownloadClient: DependencyKey {
  static let liveValue = Self(
    download: { url in
      .init { continuation in
        Task {
          do {
            // Linux's URLSession has no `bytes(from:)`: the data arrives at once.
            let (data, _) = try await URLSession.shared.data(from: url)
            continuation.yield(.updateProgress(1))
            continuation.yield(.response(data))
            continuation.finish()
          } catch {
            continuation.finish(throwing: error)
          }
        }
      }
    }
  )

  static let testValue = Self()
}

struct DownloadComponent: Reducer {
  struct State: Equatable {
    @Presents var alert: AlertState<Action.Alert>?
    let id: AnyHashableSendable
    var mode: Mode = .notDownloaded
    let url: URL
  }

  enum Action: CasePathable {
    case alert(PresentationAction<Alert>)
    case buttonTapped
    case downloadClient(Result<DownloadClient.Event, any Error>)

    enum Alert: CasePathable {
      case deleteButtonTapped
      case stopButtonTapped
    }
  }

  @Dependency(\.downloadClient) var downloadClient

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.deleteButtonTapped)):
        state.mode = .notDownloaded
        return .none

      case .alert(.presented(.stopButtonTapped)):
        state.mode = .notDownloaded
        return .cancel(id: state.id)

      case .alert:
        return .none

      case .buttonTapped:
        switch state.mode {
        case .downloaded:
          state.alert = deleteAlert
          return .none

        case .downloading:
          state.alert = stopAlert
          return .none

        case .notDownloaded:
          state.mode = .startingToDownload

          return .run { [url = state.url] send in
            for try await event in self.downloadClient.download(url: url) {
              await send(.downloadClient(.success(event)), animation: .default)
            }
          } catch: { error, send in
            await send(.downloadClient(.failure(error)), animation: .default)
          }
          .cancellable(id: state.id)

        case .startingToDownload:
          state.alert = stopAlert
          return .none
        }

      case .downloadClient(.success(.response)):
        state.mode = .downloaded
        state.alert = nil
        return .none

      case .downloadClient(.success(.updateProgress(let progress))):
        state.mode = .downloading(progress: progress)
        return .none

      case .downloadClient(.failure):
        state.mode = .notDownloaded
        state.alert = nil
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }

  private var deleteAlert: AlertState<Action.Alert> {
    AlertState {
      TextState("Do you want to delete this map from your offline storage?")
    } actions: {
      ButtonState(role: .destructive, action: .send(.deleteButtonTapped, animation: .default)) {
        TextState("Delete")
      }
      self.nevermindButton
    }
  }

  private var stopAlert: AlertState<Action.Alert> {
    AlertState {
      TextState("Do you want to stop downloading this map?")
    } actions: {
      ButtonState(role: .destructive, action: .send(.stopButtonTapped, animation: .default)) {
        TextState("Stop")
      }
      self.nevermindButton
    }
  }

  private var nevermindButton: ButtonState<Action.Alert> {
    ButtonState(role: .cancel) {
      TextState("Nevermind")
    }
  }
}

enum Mode: Equatable {
  case downloaded
  case downloading(progress: Double)
  case notDownloaded
  case startingToDownload

  var progress: Double {
    if case .downloading(let progress) = self { return progress }
    return 0
  }

  var isDownloading: Bool {
    switch self {
    case .downloaded, .notDownloaded:
      return false
    case .downloading, .startingToDownload:
      return true
    }
  }
}

struct CityMap: Reducer {
  struct State: Equatable, Identifiable {
    var download: Download
    var downloadComponent: DownloadComponent.State

    init(download: Download) {
      self.download = download
      self.downloadComponent = DownloadComponent.State(
        id: AnyHashableSendable(download.id),
        url: download.downloadVideoUrl
      )
    }

    var id: UUID { download.id }

    struct Download: Equatable, Identifiable {
      var blurb: String
      var downloadVideoUrl: URL
      let id: UUID
      var title: String
    }
  }

  enum Action: CasePathable {
    case downloadComponent(DownloadComponent.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(\.downloadComponent, action: \.downloadComponent) {
      DownloadComponent()
    }

    Reduce { state, action in
      switch action {
      case .downloadComponent(.downloadClient(.success(.response))):
        // NB: This is where you could perform the effect to save the data to a file on disk.
        return .none

      case .downloadComponent(.alert(.presented(.deleteButtonTapped))):
        // NB: This is where you could perform the effect to delete the data from disk.
        return .none

      case .downloadComponent:
        return .none
      }
    }
  }
}

struct MapApp: Reducer {
  struct State: Equatable {
    var cityMaps: IdentifiedArrayOf<CityMap.State> = .mocks
  }

  enum Action: CasePathable {
    case cityMaps(IdentifiedActionOf<CityMap>)
  }

  var body: some Reducer<State, Action> {
    EmptyReducer().forEach(\.cityMaps, action: \.cityMaps) {
      CityMap()
    }
  }
}

extension IdentifiedArray where ID == CityMap.State.ID, Element == CityMap.State {
  static let mocks: Self = [
    CityMap.State(
      download: CityMap.State.Download(
        blurb: """
          New York City (NYC), known colloquially as New York (NY) and officially as the City of \
          New York, is the most populous city in the United States. With an estimated 2018 \
          population of 8,398,748 distributed over about 302.6 square miles (784 km2), New York \
          is also the most densely populated major city in the United States.
          """,
        downloadVideoUrl: URL(string: "http://ipv4.download.thinkbroadband.com/50MB.zip")!,
        id: UUID(),
        title: "New York, NY"
      )
    ),
    CityMap.State(
      download: CityMap.State.Download(
        blurb: """
          Los Angeles, officially the City of Los Angeles and often known by its initials L.A., \
          is the largest city in the U.S. state of California. With an estimated population of \
          nearly four million people, it is the country's second most populous city (after New \
          York City) and the third most populous city in North America (after Mexico City and \
          New York City). Los Angeles is known for its Mediterranean climate, ethnic diversity, \
          Hollywood entertainment industry, and its sprawling metropolis.
          """,
        downloadVideoUrl: URL(string: "http://ipv4.download.thinkbroadband.com/50MB.zip")!,
        id: UUID(),
        title: "Los Angeles, LA"
      )
    ),
    CityMap.State(
      download: CityMap.State.Download(
        blurb: """
          Paris is the capital and most populous city of France, with a population of 2,148,271 \
          residents (official estimate, 1 January 2020) in an area of 105 square kilometres (41 \
          square miles). Since the 17th century, Paris has been one of Europe's major centres of \
          finance, diplomacy, commerce, fashion, science and arts.
          """,
        downloadVideoUrl: URL(string: "http://ipv4.download.thinkbroadband.com/50MB.zip")!,
        id: UUID(),
        title: "Paris, France"
      )
    ),
    CityMap.State(
      download: CityMap.State.Download(
        blurb: """
          Tokyo, officially Tokyo Metropolis (東京都, Tōkyō-to), is the capital of Japan and the \
          most populous of the country's 47 prefectures. Located at the head of Tokyo Bay, the \
          prefecture forms part of the Kantō region on the central Pacific coast of Japan's main \
          island, Honshu. Tokyo is the political, economic, and cultural center of Japan, and \
          houses the seat of the Emperor and the national government.
          """,
        downloadVideoUrl: URL(string: "http://ipv4.download.thinkbroadband.com/50MB.zip")!,
        id: UUID(),
        title: "Tokyo, Japan"
      )
    ),
    CityMap.State(
      download: CityMap.State.Download(
        blurb: """
          Buenos Aires is the capital and largest city of Argentina. The city is located on the \
          western shore of the estuary of the Río de la Plata, on the South American continent's \
          southeastern coast. "Buenos Aires" can be translated as "fair winds" or "good airs", \
          but the former was the meaning intended by the founders in the 16th century, by the \
          use of the original name "Real de Nuestra Señora Santa María del Buen Ayre", named \
          after the Madonna of Bonaria in Sardinia.
          """,
        downloadVideoUrl: URL(string: "http://ipv4.download.thinkbroadband.com/50MB.zip")!,
        id: UUID(),
        title: "Buenos Aires, Argentina"
      )
    ),
  ]
}

@MainActor
struct ReusableComponentsDownloadComponentTests {
  @Test
  func downloadFlow() async {
    let download = AsyncThrowingStream.makeStream(of: DownloadClient.Event.self)
    let store = TestStore(
      initialState: DownloadComponent.State(
        id: AnyHashableSendable(1),
        mode: .notDownloaded,
        url: URL(string: "https://www.pointfree.co")!
      )
    ) {
      DownloadComponent()
    } withDependencies: {
      $0.downloadClient.download = { @Sendable _ in download.stream }
    }

    await store.send(.buttonTapped) {
      $0.mode = .startingToDownload
    }

    download.continuation.yield(.updateProgress(0.2))
    await store.receive(\.downloadClient.success.updateProgress) {
      $0.mode = .downloading(progress: 0.2)
    }

    download.continuation.yield(.response(Data()))
    download.continuation.finish()
    await store.receive(\.downloadClient.success.response) {
      $0.mode = .downloaded
    }
  }

  @Test
  func cancelDownloadFlow() async {
    let download = AsyncThrowingStream.makeStream(of: DownloadClient.Event.self)
    let store = TestStore(
      initialState: DownloadComponent.State(
        id: AnyHashableSendable(1),
        mode: .notDownloaded,
        url: URL(string: "https://www.pointfree.co")!
      )
    ) {
      DownloadComponent()
    } withDependencies: {
      $0.downloadClient.download = { @Sendable _ in download.stream }
    }

    await store.send(.buttonTapped) {
      $0.mode = .startingToDownload
    }

    download.continuation.yield(.updateProgress(0.2))
    await store.receive(\.downloadClient.success.updateProgress) {
      $0.mode = .downloading(progress: 0.2)
    }

    await store.send(.buttonTapped) {
      $0.alert = AlertState {
        TextState("Do you want to stop downloading this map?")
      } actions: {
        ButtonState(role: .destructive, action: .send(.stopButtonTapped, animation: .default)) {
          TextState("Stop")
        }
        ButtonState(role: .cancel) {
          TextState("Nevermind")
        }
      }
    }

    await store.send(\.alert.stopButtonTapped) {
      $0.alert = nil
      $0.mode = .notDownloaded
    }
  }

  @Test
  func downloadFinishesWhileTryingToCancel() async {
    let download = AsyncThrowingStream.makeStream(of: DownloadClient.Event.self)
    let store = TestStore(
      initialState: DownloadComponent.State(
        id: AnyHashableSendable(1),
        mode: .notDownloaded,
        url: URL(string: "https://www.pointfree.co")!
      )
    ) {
      DownloadComponent()
    } withDependencies: {
      $0.downloadClient.download = { @Sendable _ in download.stream }
    }

    let task = await store.send(.buttonTapped) {
      $0.mode = .startingToDownload
    }

    await store.send(.buttonTapped) {
      $0.alert = AlertState {
        TextState("Do you want to stop downloading this map?")
      } actions: {
        ButtonState(role: .destructive, action: .send(.stopButtonTapped, animation: .default)) {
          TextState("Stop")
        }
        ButtonState(role: .cancel) {
          TextState("Nevermind")
        }
      }
    }

    download.continuation.yield(.response(Data()))
    download.continuation.finish()
    await store.receive(\.downloadClient.success.response) {
      $0.alert = nil
      $0.mode = .downloaded
    }

    await task.finish()
  }

  @Test
  func deleteDownloadFlow() async {
    let download = AsyncThrowingStream.makeStream(of: DownloadClient.Event.self)
    let store = TestStore(
      initialState: DownloadComponent.State(
        id: AnyHashableSendable(1),
        mode: .downloaded,
        url: URL(string: "https://www.pointfree.co")!
      )
    ) {
      DownloadComponent()
    } withDependencies: {
      $0.downloadClient.download = { @Sendable _ in download.stream }
    }

    await store.send(.buttonTapped) {
      $0.alert = AlertState {
        TextState("Do you want to delete this map from your offline storage?")
      } actions: {
        ButtonState(role: .destructive, action: .send(.deleteButtonTapped, animation: .default)) {
          TextState("Delete")
        }
        ButtonState(role: .cancel) {
          TextState("Nevermind")
        }
      }
    }

    await store.send(\.alert.deleteButtonTapped) {
      $0.alert = nil
      $0.mode = .notDownloaded
    }
  }
}
