import VigilCore
import VigilDetectionIndex
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
    /// What the arrays below take an entry: id, time, score and track 8 bytes each, the box 32,
    /// camera and label codes 2 each.
    static let bytesPerEntry = 68

    let ids: UnsafeMutablePointer<Int64> = .allocate(capacity: capacity)
    let times: UnsafeMutablePointer<Int64> = .allocate(capacity: capacity)
    /// The camera's place in the site's list of cameras (`DetectionRowSnapshot.cameraKeys`): two
    /// bytes, as a query scans them all in its window for its camera's.
    let cameras: UnsafeMutablePointer<UInt16> = .allocate(capacity: capacity)
    /// x, y, width and height of each entry in turn, exact as stored.
    let boxes: UnsafeMutablePointer<Double> = .allocate(capacity: 4 * capacity)
    let scores: UnsafeMutablePointer<Double> = .allocate(capacity: capacity)
    /// -1 for an untracked detection.
    let tracks: UnsafeMutablePointer<Int64> = .allocate(capacity: capacity)
    /// The label's place in the site's list of labels (`DetectionRowSnapshot.labels`).
    let labels: UnsafeMutablePointer<UInt16> = .allocate(capacity: capacity)

    deinit {
        for pointer in [
            UnsafeMutableRawPointer(ids), UnsafeMutableRawPointer(times), UnsafeMutableRawPointer(cameras),
            UnsafeMutableRawPointer(boxes), UnsafeMutableRawPointer(scores), UnsafeMutableRawPointer(tracks),
            UnsafeMutableRawPointer(labels),
        ] {
            pointer.deallocate()
        }
    }
}

/// One site's entries of the row index: the stored detections from the retention cut-off on, in
/// id order (a site's ids grow but are not dense: sites share them), as many as its memory allows,
/// the oldest let go past it; `IndexChunks.heldFrom` says from when on it holds them all. Kept
/// under the site's lock; a query works on a `snapshot`, which the writer never changes.
struct DetectionRowEntries: SiteIndexEntries {
    /// A stored detection, as its commit tells the index.
    struct Stored: Sendable {
        let id: Int64
        let cameraKey: Int64
        let detection: Detection
    }

    private var chunks = IndexChunks<DetectionRowChunk>()
    private var cameras = CodeBook<Int64>()
    private var labels = CodeBook<String>()
    var cutoff: Int64 { chunks.cutoff }
    private(set) var lastID: Int64 = 0

    /// Entries that keep what `bytes` of memory hold (a chunk at least).
    init(bytes: Int) {
        chunks.maxChunks = bytes / (DetectionRowChunk.capacity * DetectionRowChunk.bytesPerEntry)
    }

    static func id(of stored: Stored) -> Int64 { stored.id }

    mutating func append(_ stored: Stored) {
        let detection = stored.detection
        append(
            DetectionRow(
                id: stored.id, cameraKey: stored.cameraKey, ts: detection.milliseconds, box: detection.box, label: detection.label,
                score: detection.score, track: detection.trackID.map(Int64.init)))
    }

    mutating func read(_ site: String, in transaction: any DomainTransaction) throws {
        let afterID = try chunks.loadStart(site: site, capacity: DetectionRowChunk.capacity, withVectors: false, in: transaction)
        try DetectionTables(transaction).forEachDetectionRow(site: site, since: cutoff, afterID: afterID) { append($0) }
    }

    mutating func read(_ site: String, committedAfter mark: CommitMark, in transaction: any DomainTransaction) throws {
        try DetectionTables(transaction).forEachDetectionRow(site: site, since: cutoff, afterID: 0, committedAfter: mark) { append($0) }
    }

    /// Adds a row. One past the cut-off is not; one past what a camera or label code can say is
    /// left out, and raises `heldFrom` above it.
    mutating func append(_ row: DetectionRow) {
        guard row.ts >= cutoff else { return }
        let limit = Int(UInt16.max) + 1
        guard let camera = cameras.code(of: row.cameraKey, limit: limit), let label = labels.code(of: row.label, limit: limit) else {
            chunks.leftOut(at: row.ts)
            return
        }
        // Nothing after this leaves the row out: a chunk in the list is never empty.
        let (chunk, slot) = chunks.nextSlot(capacity: DetectionRowChunk.capacity) { DetectionRowChunk() }
        chunk.ids[slot] = row.id
        chunk.times[slot] = row.ts
        chunk.cameras[slot] = UInt16(camera)
        let box = chunk.boxes + 4 * slot
        (box[0], box[1], box[2], box[3]) = (row.box.x, row.box.y, row.box.width, row.box.height)
        chunk.scores[slot] = row.score
        chunk.tracks[slot] = row.track ?? -1
        chunk.labels[slot] = UInt16(label)
        chunks.filled(at: row.ts)
        lastID = max(lastID, row.id)
    }

    mutating func forget(before cutoff: Int64) {
        chunks.forget(before: cutoff)
    }

    var snapshot: DetectionRowSnapshot {
        DetectionRowSnapshot(chunks: chunks.list, cameraKeys: cameras.values, labels: labels.values, heldFrom: chunks.heldFrom)
    }
}
