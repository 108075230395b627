// The index's types are generic over the chunk and used from other modules, a call or two for each
// row stored or read: their members are `@inlinable`, so that each user's compiler specializes them
// instead of calling them through the generic metadata for every row. Their storage is therefore
// `@usableFromInline`, each read outside through a property of its own.

/// A chunk of an in-memory index (`AppearanceChunk`, `DetectionRowChunk`) with how much of it one
/// snapshot sees and the times it holds.
public struct FilledChunk<Chunk: Sendable>: Sendable {
    /// The chunk's arrays.
    public let chunk: Chunk
    @usableFromInline var filled = 0
    @usableFromInline var earliestTime = Int64.max
    @usableFromInline var latestTime = Int64.min

    @usableFromInline init(chunk: Chunk) {
        self.chunk = chunk
    }

    /// How many of its slots are filled.
    @inlinable public var count: Int { filled }
    /// The earliest time of its entries.
    @inlinable public var earliest: Int64 { earliestTime }
    /// The latest time of its entries.
    @inlinable public var latest: Int64 { latestTime }

    /// Whether it holds an entry of `from..<to` (it may hold none: its times only bound them).
    @inlinable public func overlaps(from: Int64, to: Int64) -> Bool {
        filled > 0 && earliestTime < to && latestTime >= from
    }
}

/// One site's chunks of an in-memory index, oldest first, the retention cut-off they keep from,
/// and the time from which they hold every entry the store holds. A chunk is filled slot by slot
/// and never moved, so a snapshot (a copy of `list`) stays valid while the writer fills the slots
/// after it. At most `maxChunks` are kept: past them the oldest is let go.
public struct IndexChunks<Chunk: Sendable>: Sendable {
    @usableFromInline var chunks: [FilledChunk<Chunk>] = []
    @usableFromInline var retentionCutoff = Int64.min
    /// Just after the latest entry let go (its chunk past `maxChunks`) or left out (`leftOut`).
    @usableFromInline var missingBefore = Int64.min
    /// How many chunks memory allows.
    public var maxChunks = Int.max

    /// No chunk yet.
    public init() {}

    /// The chunks, oldest first: what a snapshot copies.
    @inlinable public var list: [FilledChunk<Chunk>] { chunks }

    /// Entries older than this are past the site's retention: not taken, and their chunks let go
    /// once wholly before it.
    @inlinable public var cutoff: Int64 { retentionCutoff }

    /// Every entry the store holds of this time or later is here: a search reads what is earlier
    /// from the store.
    @inlinable public var heldFrom: Int64 { max(retentionCutoff, missingBefore) }

    /// Where the next entry is written: the last chunk's next slot, or a new chunk's first when
    /// the last is full. It counts once `filled(at:)` says so.
    @inlinable public mutating func nextSlot(capacity: Int, make: () -> Chunk) -> (chunk: Chunk, slot: Int) {
        if chunks.last.map({ $0.filled == capacity }) ?? true {
            chunks.append(FilledChunk(chunk: make()))
        }
        return (chunks[chunks.count - 1].chunk, chunks[chunks.count - 1].filled)
    }

    /// Counts the entry written at `nextSlot`, of time `ts`; lets go of the oldest chunk when
    /// that makes one too many.
    @inlinable public mutating func filled(at ts: Int64) {
        let last = chunks.count - 1
        chunks[last].filled += 1
        chunks[last].earliestTime = min(chunks[last].earliestTime, ts)
        chunks[last].latestTime = max(chunks[last].latestTime, ts)
        if chunks.count > max(maxChunks, 1) { letGoOfSurplus() }
    }

    @usableFromInline mutating func letGoOfSurplus() {
        let surplus = chunks.count - max(maxChunks, 1)
        guard surplus > 0 else { return }
        missingBefore = max(missingBefore, chunks[..<surplus].map(\.latestTime).max()! + 1)
        chunks.removeFirst(surplus)
    }

    /// An entry of time `ts` the store holds and the index does not (past what its codes can say,
    /// or older than a first load keeps).
    @inlinable public mutating func leftOut(at ts: Int64) {
        missingBefore = max(missingBefore, ts + 1)
    }

    /// How many entries the chunks hold at most, `capacity` a chunk.
    public func entryLimit(capacity: Int) -> Int {
        min(max(maxChunks, 1), Int.max / capacity) * capacity
    }

    /// Raises the cut-off and lets go of the chunks wholly before it: entries come roughly in time
    /// order, so chunks age out whole and memory stays bounded under steady ingest.
    public mutating func forget(before cutoff: Int64) {
        guard cutoff > retentionCutoff else { return }
        retentionCutoff = cutoff
        chunks.removeAll { $0.latestTime < cutoff && $0.filled > 0 }
    }
}

/// Small numbers for the values an index meets (cameras, labels), given in the order they are met.
public struct CodeBook<Value: Hashable & Sendable>: Sendable {
    @usableFromInline var met: [Value] = []
    @usableFromInline var codes: [Value: Int] = [:]

    /// No value yet.
    public init() {}

    /// The values met, by their number.
    @inlinable public var values: [Value] { met }

    /// The value's number, given on first sight; nil for a new value once `limit` have numbers.
    @inlinable public mutating func code(of value: Value, limit: Int) -> Int? {
        if let code = codes[value] { return code }
        guard met.count < limit else { return nil }
        codes[value] = met.count
        met.append(value)
        return met.count - 1
    }
}
