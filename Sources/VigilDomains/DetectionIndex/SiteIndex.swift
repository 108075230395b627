import Synchronization
import VigilHub
import VigilStore

/// What one site's part of an in-memory index of detections keeps (appearances' `AppearanceEntries`,
/// detections' `DetectionRowEntries`): entries appended in the order they were stored, forgotten
/// past the site's retention cut-off, and shown to searches as snapshots the writer never changes.
public protocol SiteIndexEntries: Sendable {
    /// A detection as its commit tells the index.
    associatedtype Stored: Sendable
    /// What one search sees of the entries.
    associatedtype Snapshot: Sendable

    /// Entries older than this are past the site's retention.
    var cutoff: Int64 { get }
    /// The largest id kept: ids only grow, so an entry with a smaller one is already here.
    var lastID: Int64 { get }
    /// The entries as they are now, for one search.
    var snapshot: Snapshot { get }
    /// The store's id of a stored detection.
    static func id(of stored: Stored) -> Int64
    /// Adds a detection its commit stored.
    mutating func append(_ stored: Stored)
    /// Lets go of what is older than `cutoff`, the site's retention cut-off.
    mutating func forget(before cutoff: Int64)
    /// Appends what the store holds of the site from `cutoff` on, in id order: the first load.
    mutating func read(_ site: String, in transaction: any DomainTransaction) throws
    /// Appends what the store holds of the site from `cutoff` on that was committed after `mark`,
    /// by any hub, in id order: what a store several hubs write adds after the first load.
    mutating func read(_ site: String, committedAfter mark: CommitMark, in transaction: any DomainTransaction) throws
}

/// An in-memory index of detections, per site (appearances' `AppearanceIndex`, detections'
/// `DetectionRowIndex`): a site is read from the store the first time it is searched; from then on
/// each commit that stores detections adds them after it succeeds (a refused batch or a failed
/// commit adds nothing, `DomainTransaction.afterCommit`), and each that stores or prunes raises the
/// retention cut-off it pruned by.
///
/// On a store several hubs write (PostgreSQL, which gives each read a `CommitMark`), commits of
/// other hubs never reach this one's `afterCommit`: there each search first reads what any hub
/// committed of the site since the last read (one indexed query, nothing when nothing came), and
/// the commits' own additions are not used. So a search on any node sees every detection whose
/// batch was acknowledged before it began.
public final class DetectionIndex<Entries: SiteIndexEntries>: Sendable {
    /// A detection as its commit tells the index.
    public typealias Stored = Entries.Stored

    private let store: any EventStore
    private let clock: any HubClock
    /// The site's retention cut-off at a time, read in a transaction: what a first load keeps from.
    private let cutoff: @Sendable (_ site: String, _ now: Int64, any DomainTransaction) throws -> Int64
    /// A site's entries, empty: how much they may keep is theirs to say.
    private let makeEntries: @Sendable () -> Entries
    private let sites = Mutex<[String: SiteIndex<Entries>]>([:])

    /// An index read from `store`, from each site's retention `cutoff` at `clock`'s now on, into
    /// entries `makeEntries` makes.
    public init(
        store: any EventStore, clock: any HubClock, cutoff: @escaping @Sendable (_ site: String, _ now: Int64, any DomainTransaction) throws -> Int64,
        makeEntries: @escaping @Sendable () -> Entries
    ) {
        self.store = store
        self.clock = clock
        self.cutoff = cutoff
        self.makeEntries = makeEntries
    }

    /// After the commit that stored `detections` of `site` and pruned what was older than `cutoff`.
    /// A site not searched yet is left alone: its first search reads it all from the store.
    public func add(_ detections: [Entries.Stored], site: String, cutoff: Int64) {
        sites.withLock { $0[site] }?.add(detections, cutoff: cutoff)
    }

    /// The site's entries as they are now, read from the store the first time.
    public func snapshot(of site: String) async throws -> Entries.Snapshot {
        let entries = sites.withLock { sites in
            if let known = sites[site] { return known }
            let made = SiteIndex(makeEntries())
            sites[site] = made
            return made
        }
        do {
            return try await entries.snapshot(
                load: { [store, clock, cutoff, makeEntries] in
                    try await store.read { transaction in
                        // Taken first: the read's one snapshot, which the rows below are read in.
                        let mark = try transaction.commitMark()
                        var entries = makeEntries()
                        entries.forget(before: try cutoff(site, clock.milliseconds(), transaction))
                        try entries.read(site, in: transaction)
                        return (entries, mark)
                    }
                },
                catchUp: { [store, clock, cutoff] held, mark in
                    try await store.read { transaction in
                        let next = try transaction.commitMark()
                        var entries = held
                        entries.forget(before: try cutoff(site, clock.milliseconds(), transaction))
                        try entries.read(site, committedAfter: mark, in: transaction)
                        return (entries, next ?? mark)
                    }
                })
        } catch {
            // Forgotten, so that additions are not kept waiting for a load that may not come.
            sites.withLock { if $0[site] === entries { $0[site] = nil } }
            throw error
        }
    }
}

/// One site's part of an index, from its first search on: loaded once from the store while
/// commits go on, then kept current by them.
final class SiteIndex<Entries: SiteIndexEntries>: Sendable {
    private enum Phase {
        case unloaded
        case loading(Task<Void, any Error>)
        case ready
    }

    private struct State {
        var phase = Phase.unloaded
        var entries: Entries
        /// What commits stored while the site was being read: merged when the read is done.
        var pending: [Entries.Stored] = []
        var pendingCutoff = Int64.min
        /// What the store had committed when the entries were last read from it: set on a store
        /// several hubs write, where each search reads what came since, and commits add nothing.
        var mark: CommitMark?
        /// The last read of what came since `mark`: the next waits for it, so that none is read twice.
        var catchingUp: Task<Void, any Error>?
    }

    /// The entries as they are held, and what the store had committed when they were read.
    typealias Read = (entries: Entries, mark: CommitMark?)

    private let state: Mutex<State>

    init(_ empty: Entries) {
        state = Mutex(State(entries: empty))
    }

    func add(_ detections: [Entries.Stored], cutoff: Int64) {
        state.withLock { state in
            guard state.mark == nil else { return }
            guard case .ready = state.phase else {
                state.pending += detections
                state.pendingCutoff = max(state.pendingCutoff, cutoff)
                return
            }
            Self.add(detections, cutoff: cutoff, to: &state.entries)
        }
    }

    /// The entries as they are now, after `load` has read them from the store the first time
    /// (concurrent first searches wait for the same read) and, when it gave a mark, `catchUp` has
    /// added what was committed after the mark.
    func snapshot(
        load: @escaping @Sendable () async throws -> Read,
        catchUp: @escaping @Sendable (Entries, CommitMark) async throws -> (Entries, CommitMark)
    ) async throws -> Entries.Snapshot {
        let loading = state.withLock { state -> Task<Void, any Error>? in
            switch state.phase {
            case .ready:
                return nil
            case .loading(let task):
                return task
            case .unloaded:
                let task = Task {
                    do {
                        self.install(try await load())
                    } catch {
                        self.state.withLock { $0.phase = .unloaded }
                        throw error
                    }
                }
                state.phase = .loading(task)
                return task
            }
        }
        try await loading?.value
        try await caughtUp(catchUp)
        return state.withLock { $0.entries.snapshot }
    }

    /// Reads what was committed after the mark, when there is one, after any read already begun.
    /// The entries are read into a copy, which writes only slots past what a snapshot sees, and
    /// replace the held ones when done: the reads are their only writer.
    private func caughtUp(_ catchUp: @escaping @Sendable (Entries, CommitMark) async throws -> (Entries, CommitMark)) async throws {
        let reading = state.withLock { state -> Task<Void, any Error>? in
            guard state.mark != nil else { return nil }
            let previous = state.catchingUp
            let task = Task {
                // A failed read before changed nothing: this one reads from the same mark.
                _ = try? await previous?.value
                guard let held = self.state.withLock({ state in state.mark.map { (state.entries, $0) } }) else { return }
                let (entries, next) = try await catchUp(held.0, held.1)
                self.state.withLock { ($0.entries, $0.mark) = (entries, next) }
            }
            state.catchingUp = task
            return task
        }
        try await reading?.value
    }

    private func install(_ loaded: Read) {
        state.withLock { state in
            state.mark = loaded.mark
            // The store gives each new row an id above all it holds, so a detection committed
            // after the read began has an id above every one the read saw. With a mark, what
            // came after the read is read by the next search instead.
            let missed = loaded.mark == nil ? state.pending.filter { Entries.id(of: $0) > loaded.entries.lastID } : []
            state.entries = loaded.entries
            Self.add(missed, cutoff: state.pendingCutoff, to: &state.entries)
            (state.pending, state.phase) = ([], .ready)
        }
    }

    private static func add(_ detections: [Entries.Stored], cutoff: Int64, to entries: inout Entries) {
        entries.forget(before: cutoff)
        for detection in detections { entries.append(detection) }
    }
}
