import VigilStore

/// One site's entries of the appearance index: every stored detection with a vector, from the
/// retention cut-off on, in the order they were stored. Kept under the site's lock; a search works
/// on a `snapshot`, which the writer never changes.
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
    private var chunks: [FilledChunk] = []
    private var cameraKeys: [Int64] = []
    private var slots: [Int64: UInt32] = [:]
    /// Entries older than this are past the site's retention: the store deletes them by chunks,
    /// the index forgets them at once, and searches never see them.
    private(set) var cutoff = Int64.min
    /// The largest id kept: ids only grow, so an entry with a smaller one is already here.
    private(set) var lastID: Int64 = 0

    static func id(of stored: Stored) -> Int64 { stored.id }

    mutating func append(_ stored: Stored) {
        stored.vector.withUnsafeBytes { append(id: stored.id, ts: stored.ts, cameraKey: stored.cameraKey, track: stored.track, vector: $0) }
    }

    mutating func read(_ site: String, in transaction: any DomainTransaction) throws {
        try transaction.forEachAppearance(site: site, since: cutoff) { id, cameraKey, ts, track, vector in
            append(id: id, ts: ts, cameraKey: cameraKey, track: track, vector: vector)
        }
    }

    /// Adds a detection's vector (32-bit floats in place); one without direction is left out.
    mutating func append(id: Int64, ts: Int64, cameraKey: Int64, track: Int64?, vector: UnsafeRawBufferPointer) {
        let length = self.length ?? vector.count / MemoryLayout<Float>.size
        guard vector.count == length * MemoryLayout<Float>.size, ts >= cutoff else { return }
        self.length = length
        if chunks.last.map({ $0.count == AppearanceChunk.capacity }) ?? true {
            chunks.append(FilledChunk(chunk: AppearanceChunk(stride: AppearanceCodes.stride(forLength: length))))
        }
        let index = chunks.count - 1
        let (chunk, slot) = (chunks[index].chunk, chunks[index].count)
        guard let (scale, error) = AppearanceCodes.encode(vector, into: chunk.codes + slot * chunk.stride, stride: chunk.stride) else { return }
        chunk.ids[slot] = id
        chunk.times[slot] = ts
        chunk.cameras[slot] = cameraSlot(cameraKey)
        chunk.tracks[slot] = track ?? -1
        chunk.scales[slot] = scale
        chunk.errors[slot] = error
        chunks[index].count += 1
        chunks[index].earliest = min(chunks[index].earliest, ts)
        chunks[index].latest = max(chunks[index].latest, ts)
        lastID = max(lastID, id)
    }

    /// Raises the retention cut-off to `cutoff` and lets go of the chunks wholly before it. Entries
    /// are stored roughly in time order, so chunks age out whole and memory stays bounded under
    /// steady ingest; the few older entries a younger chunk holds are skipped by the searches.
    mutating func forget(before cutoff: Int64) {
        guard cutoff > self.cutoff else { return }
        self.cutoff = cutoff
        chunks.removeAll { $0.latest < cutoff && $0.count > 0 }
    }

    var snapshot: AppearanceSnapshot {
        AppearanceSnapshot(chunks: chunks, cameraKeys: cameraKeys, cutoff: cutoff, stride: length.map(AppearanceCodes.stride(forLength:)) ?? 0)
    }

    private mutating func cameraSlot(_ key: Int64) -> UInt32 {
        if let slot = slots[key] { return slot }
        let slot = UInt32(cameraKeys.count)
        cameraKeys.append(key)
        slots[key] = slot
        return slot
    }
}
