import Synchronization
import Testing
import VigilCore
import VigilStore
import VigilTestSupport

/// A domain's table for these tests, brought by its own migration as a real domain's would be.
private let notesTable = StoreMigration("test-1: notes", sql: "CREATE TABLE notes (name TEXT PRIMARY KEY NOT NULL, tags TEXT NOT NULL DEFAULT '')")

private struct Refused: EffectRefusal, Equatable {
    let why: String
}

/// Writes a note, then refuses when told to: the refusal must undo the write.
private struct WriteThenMaybeRefuse: DomainEffect {
    let note: String
    let refuse: Bool
    let mirrors: [String]

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        try transaction.execute("INSERT INTO notes (name) VALUES (?)", [note])
        if refuse { throw Refused(why: "refused on purpose") }
        event.type = "derived"
        return mirrors
    }
}

/// A row of `notes`, decoded through the seam.
private struct Note: Decodable, Equatable {
    var name: String
    var tags: TextList
}

@Suite struct DomainEffectTests {
    private func store(_ backEnd: StoreBackEnd) throws -> TestStore {
        try TestStore.make(backEnd, migrations: [notesTable])
    }

    private func event(_ note: String, refuse: Bool, mirrors: [String] = []) -> NewEvent {
        NewEvent(
            topic: "notes/hq", type: "raw", ts: 1, from: "t", payload: "{}",
            effect: WriteThenMaybeRefuse(note: note, refuse: refuse, mirrors: mirrors))
    }

    @Test(arguments: StoreBackEnd.available) func aRefusedEffectLeavesNothingAndTheRestOfTheBatchCommits(_ backEnd: StoreBackEnd) async throws {
        let log = try store(backEnd)
        let outcomes = try await log.append([event("a", refuse: false), event("b", refuse: true), event("c", refuse: false)])
        #expect(seqs(outcomes) == [1, nil, 2], "the refused event takes no seq: no gap")
        guard case .refused(let refusal) = outcomes[1] else {
            Issue.record("the second event should be refused")
            return
        }
        #expect(refusal as? Refused == Refused(why: "refused on purpose"), "the refusal comes back as the effect threw it")
        let notes = try await log.read { try $0.fetchAll(Note.self, "SELECT * FROM notes ORDER BY name", []).map(\.name) }
        #expect(notes == ["a", "c"], "the refused effect's own write is rolled back")
        #expect(try await log.events(of: "notes/hq", after: 0, limit: 10).map(\.type) == ["derived", "derived"])
    }

    @Test(arguments: StoreBackEnd.available) func anUnloggedEventCommitsItsRowsWithTheBatchButTakesNoSeq(_ backEnd: StoreBackEnd) async throws {
        let log = try store(backEnd)
        var unlogged = event("b", refuse: false)
        unlogged.logged = false
        var refusedUnlogged = event("c", refuse: true)
        refusedUnlogged.logged = false
        let outcomes = try await log.append([event("a", refuse: false), unlogged, refusedUnlogged, event("d", refuse: false)])
        #expect(seqs(outcomes) == [1, nil, nil, 2], "the log numbers only the logged events")
        guard case .written(let written) = outcomes[1], case .refused = outcomes[2] else {
            Issue.record("the unlogged event should be written, the refused one refused")
            return
        }
        #expect(written.type == "derived", "the event comes back as its effect left it, for the fan-out")
        let notes = try await log.read { try $0.fetchAll(Note.self, "SELECT * FROM notes ORDER BY name", []).map(\.name) }
        #expect(notes == ["a", "b", "d"])
        #expect(try await log.events(of: "notes/hq", after: 0, limit: 10).count == 2)
    }

    @Test(arguments: StoreBackEnd.available) func anEffectThatFailsOtherwiseFailsTheWholeBatch(_ backEnd: StoreBackEnd) async throws {
        struct Broken: DomainEffect {
            func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
                try transaction.execute("INSERT INTO no_such_table VALUES (1)")
                return []
            }
        }
        let log = try store(backEnd)
        await #expect(throws: StoreError.self) {
            _ = try await log.append([
                event("a", refuse: false), NewEvent(topic: "notes/hq", type: "x", ts: 1, from: "t", payload: "{}", effect: Broken()),
            ])
        }
        #expect(try await log.head(of: "notes/hq") == 0, "nothing of the batch is stored")
        #expect(try await log.read { try $0.fetchInteger("SELECT count(*) FROM notes", []) } == 0)
    }

    @Test(arguments: StoreBackEnd.available) func afterCommitActionsRunOnlyForWhatWasCommitted(_ backEnd: StoreBackEnd) async throws {
        final class Seen: Sendable {
            let notes = Mutex<[String]>([])
        }
        /// Writes its note, tells `seen` after the commit, then refuses or breaks when told to.
        struct TellAfterCommit: DomainEffect {
            let note: String
            let seen: Seen
            var refuse = false
            var breakBatch = false

            func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
                try transaction.execute("INSERT INTO notes (name) VALUES (?)", [note])
                transaction.afterCommit { [seen, note] in seen.notes.withLock { $0.append(note) } }
                if refuse { throw Refused(why: "refused on purpose") }
                if breakBatch { try transaction.execute("INSERT INTO no_such_table VALUES (1)") }
                return []
            }
        }
        let log = try store(backEnd)
        let seen = Seen()
        func event(_ effect: TellAfterCommit) -> NewEvent {
            NewEvent(topic: "notes/hq", type: "raw", ts: 1, from: "t", payload: "{}", effect: effect)
        }
        let outcomes = try await log.append([
            event(TellAfterCommit(note: "a", seen: seen)), event(TellAfterCommit(note: "b", seen: seen, refuse: true)),
            event(TellAfterCommit(note: "c", seen: seen)),
        ])
        #expect(seqs(outcomes) == [1, nil, 2])
        #expect(
            seen.notes.withLock { $0 } == ["a", "c"],
            "the refused effect's action is dropped with its savepoint; the others run once committed, in order")
        await #expect(throws: StoreError.self) {
            _ = try await log.append([event(TellAfterCommit(note: "d", seen: seen)), event(TellAfterCommit(note: "e", seen: seen, breakBatch: true))])
        }
        #expect(seen.notes.withLock { $0 } == ["a", "c"], "a batch that fails runs none of its actions")
    }

    @Test(arguments: StoreBackEnd.available) func mirrorsAreTheSameEventNumberedOnTheirOwnTopics(_ backEnd: StoreBackEnd) async throws {
        let log = try store(backEnd)
        _ = try await log.append([NewEvent(topic: "notes/hq/wide", type: "x", ts: 1, from: "t", payload: "{}")])
        let outcomes = try await log.append([event("a", refuse: false, mirrors: ["notes/hq/wide"])])
        guard case .stored(let stored, let mirrors) = outcomes[0] else {
            Issue.record("the event should be stored")
            return
        }
        #expect(stored.seq == 1)
        #expect(mirrors.map(\.topic) == ["notes/hq/wide"])
        #expect(mirrors.map(\.seq) == [2])
        #expect(mirrors.first?.type == "derived" && mirrors.first?.payload == stored.payload)
        #expect(try await log.head(of: "notes/hq/wide") == 2)
    }

    @Test(arguments: StoreBackEnd.available) func rowsDecodeIntoRecordsAndValuesRoundTrip(_ backEnd: StoreBackEnd) async throws {
        let log = try store(backEnd)
        let read = try await log.read { transaction -> (Note?, StoreValue?, Bool, Bool) in
            // A read transaction may not write: the seam's statements go through the back end's own checks.
            (
                try transaction.fetchOne(Note.self, "SELECT 'x' AS name, 'h1,h2' AS tags", []),
                try transaction.fetchValue("SELECT ? + 1", [Int64(41)]),
                try transaction.exists("SELECT 1 WHERE ? = 'yes'", ["yes"]),
                try transaction.exists("SELECT 1 WHERE ? IS NULL", [String?.some("no")])
            )
        }
        #expect(read.0 == Note(name: "x", tags: TextList(["h1", "h2"])))
        #expect(read.1 == .integer(42))
        #expect(read.2 && !read.3)
    }

    @Test(arguments: StoreBackEnd.available) func aDomainMigrationRunsOnceAndReopeningWithoutItIsRefused(_ backEnd: StoreBackEnd) async throws {
        let store = try store(backEnd)
        // Applied once: opening again with the same list does not run it again (it would fail: the table exists).
        _ = try store.reopened(migrations: [notesTable])
        #expect(throws: StoreError.self, "a store that has applied a migration this build does not know is not opened") {
            _ = try store.reopened(migrations: [])
        }
    }
}
