import VigilCore
import VigilStore

/// A detection's row as an ROI query checks it, without its thumbnail.
struct DetectionRow: Sendable {
    var id: Int64
    var cameraKey: Int64
    var ts: Int64
    var box: Rect
    var label: String
    var score: Double
    var track: Int64?
}

/// A block of the row index's entries as parallel arrays, in id order. Allocated at full capacity
/// and never moved or shrunk, so that the writer may fill slots past those a reader was shown
/// (under the site's lock) while the reader looks up the slots before them without a lock: that is
/// why it is `@unchecked Sendable`, as `AppearanceChunk` is.
final class DetectionRowChunk: @unchecked Sendable {
    static let capacity = 16_384

    let ids: UnsafeMutablePointer<Int64> = .allocate(capacity: capacity)
    let times: UnsafeMutablePointer<Int64> = .allocate(capacity: capacity)
    let cameraKeys: UnsafeMutablePointer<Int64> = .allocate(capacity: capacity)
    /// x, y, width and height of each entry in turn, exact as stored.
    let boxes: UnsafeMutablePointer<Double> = .allocate(capacity: 4 * capacity)
    let scores: UnsafeMutablePointer<Double> = .allocate(capacity: capacity)
    /// -1 for an untracked detection.
    let tracks: UnsafeMutablePointer<Int64> = .allocate(capacity: capacity)
    /// The label's place in the site's list of labels (`DetectionRowSnapshot.labels`).
    let labels: UnsafeMutablePointer<UInt16> = .allocate(capacity: capacity)

    deinit {
        for pointer in [UnsafeMutableRawPointer(ids), UnsafeMutableRawPointer(times), UnsafeMutableRawPointer(cameraKeys),
                        UnsafeMutableRawPointer(boxes), UnsafeMutableRawPointer(scores), UnsafeMutableRawPointer(tracks),
                        UnsafeMutableRawPointer(labels)] {
            pointer.deallocate()
        }
    }
}

/// One site's entries of the row index: every stored detection from the retention cut-off on, in
/// id order (a site's ids grow but are not dense: sites share them). Kept under the site's lock;
/// a query works on a `snapshot`, which the writer never changes.
struct DetectionRowEntries: SiteIndexEntries {
    /// A stored detection, as its commit tells the index.
    struct Stored: Sendable {
        let id: Int64
        let cameraKey: Int64
        let detection: Detection
    }

    /// A query never depends on the cut-off: what the store still holds and the index forgot is
    /// read from the store.
    private var chunks = IndexChunks<DetectionRowChunk>()
    private var labels = CodeBook<String>()
    var cutoff: Int64 { chunks.cutoff }
    private(set) var lastID: Int64 = 0

    static func id(of stored: Stored) -> Int64 { stored.id }

    mutating func append(_ stored: Stored) {
        let detection = stored.detection
        append(DetectionRow(
            id: stored.id, cameraKey: stored.cameraKey, ts: detection.milliseconds, box: detection.box, label: detection.label,
            score: detection.score, track: detection.trackID.map(Int64.init)))
    }

    mutating func read(_ site: String, in transaction: any DomainTransaction) throws {
        try transaction.forEachDetectionRow(site: site, since: cutoff) { append($0) }
    }

    /// Adds a row. One out of id order (or past what a label code can say) is left out: queries
    /// read it from the store.
    mutating func append(_ row: DetectionRow) {
        guard row.id > lastID, row.ts >= cutoff, let label = labels.code(of: row.label, limit: Int(UInt16.max) + 1) else { return }
        // Nothing after this leaves the row out: a chunk in the list is never empty.
        let (chunk, slot) = chunks.nextSlot(capacity: DetectionRowChunk.capacity) { DetectionRowChunk() }
        chunk.ids[slot] = row.id
        chunk.times[slot] = row.ts
        chunk.cameraKeys[slot] = row.cameraKey
        let box = chunk.boxes + 4 * slot
        (box[0], box[1], box[2], box[3]) = (row.box.x, row.box.y, row.box.width, row.box.height)
        chunk.scores[slot] = row.score
        chunk.tracks[slot] = row.track ?? -1
        chunk.labels[slot] = UInt16(label)
        chunks.filled(at: row.ts)
        lastID = row.id
    }

    mutating func forget(before cutoff: Int64) {
        chunks.forget(before: cutoff)
    }

    var snapshot: DetectionRowSnapshot { DetectionRowSnapshot(chunks: chunks.list, labels: labels.values) }
}

/// A site's row index as one query sees it: a detection's row by id.
struct DetectionRowSnapshot: Sendable {
    let chunks: [FilledChunk<DetectionRowChunk>]
    let labels: [String]

    /// Calls `found` with the place of each of `ids` (ascending) the index holds and `missing`
    /// with each it does not (stored since the snapshot, or forgotten): one walk through the
    /// chunks in id order, each id sought from where the one before it was found.
    func forEachSlot(of ids: [Int64], found: (DetectionRowChunk, Int) -> Void, missing: (Int64) -> Void) {
        var (index, slot) = (0, 0)
        for id in ids {
            // The chunk that would hold `id`: the last whose first id is at most it.
            while index + 1 < chunks.count, chunks[index + 1].chunk.ids[0] <= id { (index, slot) = (index + 1, 0) }
            guard index < chunks.count, chunks[index].chunk.ids[0] <= id else {
                missing(id)
                continue
            }
            let filled = chunks[index]
            slot = Self.firstSlot(atLeast: id, in: filled, from: slot)
            if slot < filled.count, filled.chunk.ids[slot] == id { found(filled.chunk, slot) } else { missing(id) }
        }
    }

    /// The first slot from `start` on whose id is at least `id` (`filled.count` when none):
    /// galloping, as the next candidate is most often a little way on.
    private static func firstSlot(atLeast id: Int64, in filled: FilledChunk<DetectionRowChunk>, from start: Int) -> Int {
        let ids = filled.chunk.ids
        var (low, step) = (start, 1)
        while low + step < filled.count, ids[low + step] < id {
            low += step
            step *= 2
        }
        var high = min(low + step, filled.count)
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
