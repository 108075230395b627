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

/// A chunk with how much of it one snapshot sees, its first id and its latest time.
struct FilledRowChunk: Sendable {
    let chunk: DetectionRowChunk
    let firstID: Int64
    var count = 0
    var latest = Int64.min
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

    private var chunks: [FilledRowChunk] = []
    private var labels: [String] = []
    private var labelCodes: [String: UInt16] = [:]
    /// Entries older than this are past the site's retention: their chunks are let go when wholly
    /// before it. A query never depends on it: what the store still holds and the index forgot is
    /// read from the store.
    private(set) var cutoff = Int64.min
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
        guard row.id > lastID, row.ts >= cutoff, let label = labelCode(row.label) else { return }
        if chunks.last.map({ $0.count == DetectionRowChunk.capacity }) ?? true {
            chunks.append(FilledRowChunk(chunk: DetectionRowChunk(), firstID: row.id))
        }
        let index = chunks.count - 1
        let (chunk, slot) = (chunks[index].chunk, chunks[index].count)
        chunk.ids[slot] = row.id
        chunk.times[slot] = row.ts
        chunk.cameraKeys[slot] = row.cameraKey
        let box = chunk.boxes + 4 * slot
        (box[0], box[1], box[2], box[3]) = (row.box.x, row.box.y, row.box.width, row.box.height)
        chunk.scores[slot] = row.score
        chunk.tracks[slot] = row.track ?? -1
        chunk.labels[slot] = label
        chunks[index].count += 1
        chunks[index].latest = max(chunks[index].latest, row.ts)
        lastID = row.id
    }

    /// Raises the retention cut-off and lets go of the chunks wholly before it: entries come
    /// roughly in time order, so chunks age out whole and memory stays bounded under steady ingest.
    mutating func forget(before cutoff: Int64) {
        guard cutoff > self.cutoff else { return }
        self.cutoff = cutoff
        chunks.removeAll { $0.latest < cutoff && $0.count > 0 }
    }

    var snapshot: DetectionRowSnapshot { DetectionRowSnapshot(chunks: chunks, labels: labels) }

    private mutating func labelCode(_ label: String) -> UInt16? {
        if let code = labelCodes[label] { return code }
        guard labels.count <= Int(UInt16.max) else { return nil }
        let code = UInt16(labels.count)
        labels.append(label)
        labelCodes[label] = code
        return code
    }
}

/// A site's row index as one query sees it: a detection's row by id.
struct DetectionRowSnapshot: Sendable {
    let chunks: [FilledRowChunk]
    let labels: [String]

    /// Calls `found` with the place of each of `ids` (ascending) the index holds and `missing`
    /// with each it does not (stored since the snapshot, or forgotten): one walk through the
    /// chunks in id order, each id sought from where the one before it was found.
    func forEachSlot(of ids: [Int64], found: (DetectionRowChunk, Int) -> Void, missing: (Int64) -> Void) {
        var (index, slot) = (0, 0)
        for id in ids {
            // The chunk that would hold `id`: the last whose first id is at most it.
            while index + 1 < chunks.count, chunks[index + 1].firstID <= id { (index, slot) = (index + 1, 0) }
            guard index < chunks.count, chunks[index].firstID <= id else {
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
    private static func firstSlot(atLeast id: Int64, in filled: FilledRowChunk, from start: Int) -> Int {
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
