import VigilDetectionIndex
import VigilDetections
import VigilStore

/// One site's entries of the appearance index: the stored detections with a vector, from the
/// retention cut-off on, in the order they were stored, as many as its memory allows, the oldest
/// let go past it (`IndexChunks.heldFrom`). Kept under the site's lock; a search works on a
/// `snapshot`, which the writer never changes.
struct AppearanceEntries: SiteIndexEntries {
    /// A detection stored with a vector, as its commit tells the index.
    struct Stored: Sendable {
        let id: Int64
        let ts: Int64
        let cameraKey: Int64
        let track: Int64?
        let vector: [Float]
    }

    /// The length of the site's vectors, fixed by the first (as the store fixes it); a vector of
    /// another length is never similar to anything, so it is not kept.
    private(set) var length: Int?
    /// Past the cut-off the store deletes entries by chunks and the index forgets them at once; a
    /// search measures what the store still holds before `heldFrom` in the store.
    private var chunks = IndexChunks<AppearanceChunk>()
    private var cameras = CodeBook<Int64>()
    /// The memory allowed: so many chunks once the vectors' length says how large a chunk is.
    private let bytes: Int
    var cutoff: Int64 { chunks.cutoff }
    /// The largest id kept: ids only grow, so an entry with a smaller one is already here.
    private(set) var lastID: Int64 = 0

    /// Entries that keep what `bytes` of memory hold (a chunk at least).
    init(bytes: Int) {
        self.bytes = bytes
    }

    static func id(of stored: Stored) -> Int64 { stored.id }

    mutating func append(_ stored: Stored) {
        stored.vector.withUnsafeBytes { append(id: stored.id, ts: stored.ts, cameraKey: stored.cameraKey, track: stored.track, vector: $0) }
    }

    mutating func read(_ site: String, in transaction: any DomainTransaction) throws {
        guard let length = try transaction.appearanceLength(of: site) else { return }
        fix(length)
        let afterID = try chunks.loadStart(site: site, capacity: AppearanceChunk.capacity, withVectors: true, in: transaction)
        try transaction.forEachAppearance(site: site, since: cutoff, afterID: afterID) { id, cameraKey, ts, track, vector in
            append(id: id, ts: ts, cameraKey: cameraKey, track: track, vector: vector)
        }
    }

    mutating func read(_ site: String, committedAfter mark: CommitMark, in transaction: any DomainTransaction) throws {
        try transaction.forEachAppearance(site: site, since: cutoff, afterID: 0, committedAfter: mark) { id, cameraKey, ts, track, vector in
            append(id: id, ts: ts, cameraKey: cameraKey, track: track, vector: vector)
        }
    }

    /// Adds a detection's vector (32-bit floats in place); one without direction is left out.
    mutating func append(id: Int64, ts: Int64, cameraKey: Int64, track: Int64?, vector: UnsafeRawBufferPointer) {
        let length = self.length ?? vector.count / MemoryLayout<Float>.size
        guard vector.count == length * MemoryLayout<Float>.size, ts >= cutoff else { return }
        guard let camera = cameras.code(of: cameraKey, limit: Int(UInt32.max)) else { return chunks.leftOut(at: ts) }
        if self.length == nil { fix(length) }
        let (chunk, slot) = chunks.nextSlot(capacity: AppearanceChunk.capacity) { AppearanceChunk(stride: AppearanceCodes.stride(forLength: length)) }
        guard let (scale, error) = AppearanceCodes.encode(vector, into: chunk.codes + slot * chunk.stride, stride: chunk.stride) else { return }
        chunk.ids[slot] = id
        chunk.times[slot] = ts
        chunk.cameras[slot] = UInt32(camera)
        chunk.tracks[slot] = track ?? -1
        chunk.scales[slot] = scale
        chunk.errors[slot] = error
        chunks.filled(at: ts)
        lastID = max(lastID, id)
    }

    /// The length of the site's vectors, now known, and so the number of chunks its memory holds.
    private mutating func fix(_ length: Int) {
        self.length = length
        chunks.maxChunks = bytes / (AppearanceChunk.capacity * AppearanceChunk.bytesPerEntry(stride: AppearanceCodes.stride(forLength: length)))
    }

    /// The few older entries a younger chunk still holds past the cut-off are skipped by the searches.
    mutating func forget(before cutoff: Int64) {
        chunks.forget(before: cutoff)
    }

    var snapshot: AppearanceSnapshot {
        AppearanceSnapshot(
            chunks: chunks.list, cameraKeys: cameras.values, heldFrom: chunks.heldFrom, stride: length.map(AppearanceCodes.stride(forLength:)) ?? 0)
    }
}
