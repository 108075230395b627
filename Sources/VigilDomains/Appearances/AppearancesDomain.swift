import VigilDetections
import VigilHub
import VigilStore

/// Video analytics' appearances: the image query (`similar` on `detections/{site}`, docs/protocol.md
/// §6.8), the detections nearest by appearance vector, answered from an in-memory index of the
/// vectors that the detection domain's commits keep current (`DetectionFeed`). Its tables are the
/// detection domain's: a batch stores its vectors with its rows.
public struct AppearancesDomain: Domain {
    public init(context: DomainContext) {
        let index = AppearanceIndex(store: context.store, clock: context.clock, cutoff: DetectionRetention.cutoff) {
            AppearanceEntries(bytes: context.indexBytesPerSite)
        }
        let feed = DetectionFeed.of(context)
        feed.watch(with: AppearanceWatcher(index: index))
        feed.answer("similar", with: ImageSearch(store: context.store, index: index))
    }

    /// None of its own: its query is asked on the detection domain's topics.
    public var services: [any TopicService] { [] }
}
