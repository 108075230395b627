import VigilCore

/// The fill before the queries of `vigil bench analytics`: detections with appearance vectors,
/// posted as a backend with large batches does (`POST /api/detections`, 1,000 a batch: 2,000 are
/// more than the 4 MiB a post may carry), several batches on the way at once so that the hub, not
/// the round trips, sets the pace. Each batch is made from its own seed: the data does not depend
/// on how many are on the way. The batches go in time order, each holding its slice of the hour
/// (3.6 s at a million), the cameras in turn: as a site's backends send, not an hour shuffled.
struct VectorFill {
    static let batch = 1_000

    let bench: AnalyticsBenchHub
    let cameras: Int
    let dimensions: Int
    let seed: UInt64

    /// Stores `count` detections with up to `posters` batches on the way; `progress` is told the running total.
    func run(count: Int, posters: Int, memory: ResidentPeak, progress: (Int) -> Void) async throws {
        let batches = (count + Self.batch - 1) / Self.batch
        try await withThrowingTaskGroup(of: Int.self) { group in
            var (next, stored) = (0, 0)
            func post() {
                let index = next
                next += 1
                group.addTask { [self] in
                    var random = SeededRandom(seed: seed &+ 1_000 &+ UInt64(index))
                    let size = min(Self.batch, count - index * Self.batch)
                    let slice = Self.slice(index, of: batches)
                    try await bench.post(BenchAnalytics.batch(size, camera: "cam-\(index % cameras)", dimensions: dimensions, hour: slice, &random))
                    return size
                }
            }
            while next < min(posters, batches) { post() }
            while let size = try await group.next() {
                stored += size
                memory.sample()
                progress(stored)
                if next < batches { post() }
            }
        }
    }

    /// The part of the hour batch `index` of `count` holds.
    static func slice(_ index: Int, of count: Int) -> ClosedRange<Int64> {
        let hour = AnalyticsBenchHub.hour
        let length = (hour.upperBound - hour.lowerBound) / Int64(max(count, 1))
        let start = hour.lowerBound + Int64(index) * length
        return start...(start + length - 1)
    }
}
