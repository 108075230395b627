/// A chunk of an in-memory index (`AppearanceChunk`, `DetectionRowChunk`) with how much of it one
/// snapshot sees and the times it holds.
public struct FilledChunk<Chunk: Sendable>: Sendable {
    /// The chunk's arrays.
    public let chunk: Chunk
    /// How many of its slots are filled.
    public internal(set) var count = 0
    /// The earliest time of its entries.
    public internal(set) var earliest = Int64.max
    /// The latest time of its entries.
    public internal(set) var latest = Int64.min

    /// Whether it holds an entry of `from..<to` (it may hold none: its times only bound them).
    public func overlaps(from: Int64, to: Int64) -> Bool {
        count > 0 && earliest < to && latest >= from
    }
}

/// One site's chunks of an in-memory index, oldest first, the retention cut-off they keep from,
/// and the time from which they hold every entry the store holds. A chunk is filled slot by slot
/// and never moved, so a snapshot (a copy of `list`) stays valid while the writer fills the slots
/// after it. At most `maxChunks` are kept: past them the oldest is let go.
public struct IndexChunks<Chunk: Sendable>: Sendable {
    /// The chunks, oldest first: what a snapshot copies.
    public private(set) var list: [FilledChunk<Chunk>] = []
    /// Entries older than this are past the site's retention: not taken, and their chunks let go
    /// once wholly before it.
    public private(set) var cutoff = Int64.min
    /// Just after the latest entry let go (its chunk past `maxChunks`) or left out (`leftOut`).
    private var missingBefore = Int64.min
    /// How many chunks memory allows.
    public var maxChunks = Int.max

    /// No chunk yet.
    public init() {}

    /// Every entry the store holds of this time or later is here: a search reads what is earlier
    /// from the store.
    public var heldFrom: Int64 { max(cutoff, missingBefore) }

    /// Where the next entry is written: the last chunk's next slot, or a new chunk's first when
    /// the last is full. It counts once `filled(at:)` says so.
    public mutating func nextSlot(capacity: Int, make: () -> Chunk) -> (chunk: Chunk, slot: Int) {
        if list.last.map({ $0.count == capacity }) ?? true {
            list.append(FilledChunk(chunk: make()))
        }
        return (list[list.count - 1].chunk, list[list.count - 1].count)
    }

    /// Counts the entry written at `nextSlot`, of time `ts`; lets go of the oldest chunk when
    /// that makes one too many.
    public mutating func filled(at ts: Int64) {
        let last = list.count - 1
        list[last].count += 1
        list[last].earliest = min(list[last].earliest, ts)
        list[last].latest = max(list[last].latest, ts)
        let surplus = list.count - max(maxChunks, 1)
        guard surplus > 0 else { return }
        missingBefore = max(missingBefore, list[..<surplus].map(\.latest).max()! + 1)
        list.removeFirst(surplus)
    }

    /// An entry of time `ts` the store holds and the index does not (past what its codes can say,
    /// or older than a first load keeps).
    public mutating func leftOut(at ts: Int64) {
        missingBefore = max(missingBefore, ts + 1)
    }

    /// How many entries the chunks hold at most, `capacity` a chunk.
    public func entryLimit(capacity: Int) -> Int {
        min(max(maxChunks, 1), Int.max / capacity) * capacity
    }

    /// Raises the cut-off and lets go of the chunks wholly before it: entries come roughly in time
    /// order, so chunks age out whole and memory stays bounded under steady ingest.
    public mutating func forget(before cutoff: Int64) {
        guard cutoff > self.cutoff else { return }
        self.cutoff = cutoff
        list.removeAll { $0.latest < cutoff && $0.count > 0 }
    }
}

/// Small numbers for the values an index meets (cameras, labels), given in the order they are met.
public struct CodeBook<Value: Hashable & Sendable>: Sendable {
    /// The values met, by their number.
    public private(set) var values: [Value] = []
    private var codes: [Value: Int] = [:]

    /// No value yet.
    public init() {}

    /// The value's number, given on first sight; nil for a new value once `limit` have numbers.
    public mutating func code(of value: Value, limit: Int) -> Int? {
        if let code = codes[value] { return code }
        guard values.count < limit else { return nil }
        codes[value] = values.count
        values.append(value)
        return values.count - 1
    }
}
