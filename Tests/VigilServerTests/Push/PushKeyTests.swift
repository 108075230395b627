import Foundation
import Testing
import VigilCore
import VigilHub

@Suite struct PushKeyTests {
    @Test func aSignedInPhoneReadsTheHubsPushKeyAndARestartKeepsIt() async throws {
        try await withHub { hub async throws in
            let first = try await hub.api("GET", "/api/push/key", as: "guard")
            #expect(first.status == 200)
            let key = try #require(json(first.body)["publicKey"]?.stringValue)
            let point = try #require(Base64URL.decode(key))
            #expect(point.count == 65 && point.first == 0x04, "an uncompressed P-256 point, as PushManager.subscribe takes it")
            #expect(try await hub.api("GET", "/api/push/key", bearer: "vgl_not-a-token").status == 401)

            await hub.stop()
            try await hub.start()
            let again = try await hub.api("GET", "/api/push/key", as: "operator")
            #expect(json(again.body)["publicKey"]?.stringValue == key, "phones subscribed with the key before the restart")
        }
    }
}
