import Foundation
import Testing
import VigilClient
import VigilCore

@Suite(.timeLimit(.minutes(10))) struct StoreFullTests {
    /// The database reaches its bound (SQLite's SQLITE_FULL, exactly what a full disk gives): publishes
    /// are refused with `store_unavailable` and store nothing, while reads, subscriptions and other
    /// connections go on and the hub stays up.
    /// `--max-db-mb` bounds a SQLite file; a PostgreSQL database is bounded by its server's own means.
    @Test(.enabled(if: !TestHub.storesInPostgres)) func aFullStoreRefusesPublishesAndKeepsServingReads() async throws {
        // The bound leaves some room above the empty database, whose every domain's tables and
        // indexes take their first pages (the analytics R*Tree and the chat index among them):
        // about 380 KiB since the push outbox.
        try await withHub(server: { $0.maxDatabaseBytes = 512 * 1024 }) { hub async throws in
            let reader = try await hub.raw(bearer: hub.token("guard"))
            _ = try await reader.nextMessage()
            try await reader.send(ClientMessage(ref: "s", .subscribe(topic: "notice/hq", since: nil)))
            _ = try await reader.answer(to: "s")
            let publisher = try await hub.raw(bearer: hub.token("operator"))
            _ = try await publisher.nextMessage()

            let text = String(repeating: "the store fills up ", count: 100)
            var accepted: UInt64 = 0
            var refusal: ProtocolError?
            while refusal == nil, accepted < 1_000 {
                try await publisher.send(ClientMessage(ref: "p", .publish(topic: "notice/hq", type: "notice", data: notice(text))))
                switch try await publisher.answer(to: "p") {
                case .error(_, let error): refusal = error
                default: accepted += 1
                }
            }
            #expect(refusal?.code == .storeUnavailable, "\(String(describing: refusal))")
            #expect(accepted > 10, "the bound leaves room for some events first")

            // Refused again, and over HTTP too: nothing is stored, the head does not move.
            try await publisher.send(ClientMessage(ref: "again", .publish(topic: "notice/hq", type: "notice", data: notice(text))))
            guard case .error(_, let again) = try await publisher.answer(to: "again") else {
                Issue.record("a publish to a full store was accepted")
                return
            }
            #expect(again.code == .storeUnavailable)
            let overHTTP = try await curl(
                hub.httpsBase + "/api/publish", caFile: hub.caFile, method: "POST", headers: ["Authorization": "Bearer \(hub.token("operator"))"],
                body: #"{"topic":"notice/hq","type":"notice","data":{"text":"\#(text)"}}"#)
            #expect(overHTTP.status == 503)
            #expect(overHTTP.body.contains(#""code":"store_unavailable""#))

            // The subscriber saw exactly the accepted events and is still served.
            var seen: [UInt64] = []
            while seen.count < Int(accepted), let frame = await reader.next(timeout: .seconds(5)) {
                if case .event(let event) = try ServerMessage.decode(frame), let seq = event.seq { seen.append(seq) }
            }
            #expect(seen == Array(1...accepted))
            try await reader.send(ClientMessage(ref: "ping", .ping))
            guard case .ok = try await reader.answer(to: "ping") else {
                Issue.record("the reader was disturbed")
                return
            }

            // History still reads back every stored event and no other.
            let history = hub.client("admin")
            var stored: [UInt64] = []
            var before: UInt64?
            repeat {
                let page = try await history.history(topic: "notice/hq", before: before, limit: 500)
                stored.insert(contentsOf: page.compactMap(\.seq), at: 0)
                before = page.first?.seq
                if page.count < 500 { break }
            } while true
            #expect(stored == Array(1...accepted))
            await history.close()
            #expect(try await curl(hub.httpsBase + "/healthz", caFile: hub.caFile).status == 200)
            await reader.close()
            await publisher.close()
        }
    }
}
