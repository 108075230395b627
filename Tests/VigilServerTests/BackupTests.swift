import Foundation
import Testing
import VigilClient
import VigilCore

/// `vigil backup` copies the live store while the hub serves, and `vigil restore` brings the copy
/// back with its epoch: a hub started on the restore holds every event acknowledged before the
/// backup began, under the same seq, and clients resume across it.
@Suite(.timeLimit(.minutes(10))) struct BackupTests {
    @Test func aBackupTakenWhilePublishingRestoresEveryEventAcknowledgedBeforeItBegan() async throws {
        let hub = try HubProcess()
        try await hub.command(["site", "create", "hq"])
        let operatorToken = try await hub.token(["--role", "operator", "--site", "hq", "--name", "olga"])
        let guardToken = try await hub.token(["--role", "guard", "--site", "hq", "--name", "gus"])
        try await hub.start()
        defer { hub.terminate() }
        let backup = hub.directory.appendingPathComponent("backups/monday.sqlite").path
        try FileManager.default.createDirectory(atPath: (backup as NSString).deletingLastPathComponent, withIntermediateDirectories: true)

        if TestHub.storesInPostgres {
            // Not copied by vigil: the command names PostgreSQL's own tool and writes nothing.
            let refused = try await runVigilTellingErrors(["backup", backup] + hub.storeArguments)
            #expect(refused.status != 0 && refused.errors.contains("pg_dump --format=custom"), "\(refused.errors)")
            #expect(!FileManager.default.fileExists(atPath: backup))
            return
        }

        let publisher = VigilClient(configuration: ClientConfiguration(url: hub.url, token: operatorToken, caFile: hub.caFile))
        let epoch = try await publisher.connect().epoch
        let acknowledged = Acknowledged()
        let publishing = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for lane in 0..<8 {
                    group.addTask {
                        var index = 0
                        while !Task.isCancelled {
                            // Long texts, so that the store spans several of the backup's steps.
                            let text = "lane \(lane) notice \(index) " + String(repeating: "x", count: 1500)
                            do {
                                let seq = try #require(
                                    try await publisher.publish(topic: "notice/hq", type: "notice", data: ["text": .string(text)]).seq)
                                acknowledged.texts.withLock { $0[seq] = text }
                                index += 1
                            } catch ClientError.refused(let refusal) where refusal.code == ErrorCode.rateLimited.rawValue {
                                // Eight lanes on one connection outrun its rate limit: wait and send again.
                                try await Task.sleep(for: .milliseconds(50))
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        #expect(await eventually(timeout: .seconds(120)) { acknowledged.texts.withLock { $0.count } >= 2000 })

        let beforeBackup = acknowledged.texts.withLock { $0 }
        try await hub.command(["backup", backup])
        let afterBackup = acknowledged.texts.withLock { $0.count }
        // Publishing goes on: the hub was not stopped for the backup.
        #expect(await eventually { acknowledged.texts.withLock { $0.count } > afterBackup })

        // The hub is running: its store is not replaced, and stays whole.
        let refused = try await runVigilTellingErrors(["restore", backup, "--replace"] + hub.storeArguments)
        #expect(refused.status != 0 && refused.errors.contains("is in use"), "\(refused.errors)")
        publishing.cancel()
        _ = try? await publishing.value
        let kept = try await publisher.history(topic: "notice/hq", limit: 1).first?.seq
        #expect(kept == acknowledged.texts.withLock { $0.keys.max() })
        await publisher.close()
        await hub.stop()

        let restored = try HubProcess()
        let output = try await restored.command(["restore", backup])
        #expect(output.contains("epoch \(epoch)"), "\(output)")
        try await restored.start()
        defer { restored.terminate() }
        let reader = VigilClient(configuration: ClientConfiguration(url: restored.url, token: guardToken, caFile: restored.caFile))
        #expect(try await reader.connect().epoch == epoch, "clients resume across the restore")
        let newest = try #require(try await reader.history(topic: "notice/hq", limit: 1).first?.seq)
        #expect(newest >= UInt64(beforeBackup.count))
        var texts: [UInt64: String] = [:]
        for try await event in try await reader.subscribe("notice/hq", since: 0) {
            texts[try #require(event.seq)] = event.data["text"]?.stringValue
            if event.seq == newest { break }
        }
        #expect(Set(texts.keys) == Set(1...newest), "the copy is one moment of the store: no seq missing up to its newest")
        let lost = beforeBackup.filter { texts[$0.key] != $0.value }
        #expect(lost.isEmpty, "\(lost.count) of \(beforeBackup.count) events acknowledged before the backup are not in the restore")
        await reader.close()

        // A restore only replaces a store when told to.
        await restored.stop()
        let again = try await runVigilTellingErrors(["restore", backup] + restored.storeArguments)
        #expect(again.status != 0 && again.errors.contains("give --replace"), "\(again.errors)")
    }
}
