import Foundation
import Testing
import VigilClient
import VigilCore
import VigilHub
import VigilTestSupport

@Suite struct PushPhoneRoutesTests {
    static let endpoint = "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk-"

    private func code(_ response: CurlResponse) -> String? { json(response.body)["code"]?.stringValue }

    @Test func aGuardsPhoneIsRegisteredListedAndRemovedOverHTTPByItsOwnTokenOnly() async throws {
        try await withHub { hub async throws in
            let put = try await hub.api("PUT", "/api/sites/hq/push/phone", as: "guard", body: browserSubscription(Self.endpoint + "gus"))
            #expect(put.status == 200, "\(put.body)")
            let listed = try await hub.api("GET", "/api/sites/hq/push/phones", as: "guard")
            #expect(json(listed.body)["phones"]?.arrayValue?.compactMap { $0["endpoint"]?.stringValue } == [Self.endpoint + "gus"])
            let others = try await hub.api("GET", "/api/sites/hq/push/phones", as: "operator")
            #expect(json(others.body)["phones"]?.arrayValue == [], "another person of the site sees none of them")
            #expect(code(try await hub.api("GET", "/api/sites/hq/push/phones", as: "guard-depot")) == "forbidden")
            #expect(
                code(try await hub.api("PUT", "/api/sites/depot/push/phone", as: "guard", body: browserSubscription(Self.endpoint + "x")))
                    == "forbidden")

            let local = try await hub.api("PUT", "/api/sites/hq/push/phone", as: "guard", body: browserSubscription("https://127.0.0.1:9/push"))
            #expect(local.status == 400 && code(local) == "invalid_data")

            let removed = try await hub.api("DELETE", "/api/sites/hq/push/phone", as: "guard", body: ["endpoint": .string(Self.endpoint + "gus")])
            #expect(removed.status == 200)
            #expect(
                try await hub.api("DELETE", "/api/sites/hq/push/phone", as: "guard", body: ["endpoint": .string(Self.endpoint + "gus")]).status == 404
            )
            #expect(json(try await hub.api("GET", "/api/sites/hq/push/phones", as: "guard").body)["phones"]?.arrayValue == [])
        }
    }

    @Test func aDeviceRegistersAndRemovesItsOwnPhoneThroughTheClient() async throws {
        try await withHub { hub async throws in
            let gus = hub.client("guard")
            try await gus.registerPhone(try browserSubscription(Self.endpoint + "gus").decode(PhoneRegistration.self), site: "hq")
            let listed = try await hub.api("GET", "/api/sites/hq/push/phones", as: "guard")
            #expect(json(listed.body)["phones"]?.arrayValue?.compactMap { $0["endpoint"]?.stringValue } == [Self.endpoint + "gus"])

            var moved = try browserSubscription(Self.endpoint + "gus-2").decode(PhoneRegistration.self)
            moved.replaces = Self.endpoint + "gus"
            try await gus.registerPhone(moved, site: "hq")
            let replaced = try await hub.api("GET", "/api/sites/hq/push/phones", as: "guard")
            #expect(json(replaced.body)["phones"]?.arrayValue?.compactMap { $0["endpoint"]?.stringValue } == [Self.endpoint + "gus-2"])

            let local = try browserSubscription("https://127.0.0.1:9/push").decode(PhoneRegistration.self)
            #expect(await refusalCode { try await gus.registerPhone(local, site: "hq") } == "invalid_data")
            try await gus.removePhone(endpoint: Self.endpoint + "gus-2", site: "hq")
            #expect(await refusalCode { try await gus.removePhone(endpoint: Self.endpoint + "gus-2", site: "hq") } == "not_found")
            #expect(json(try await hub.api("GET", "/api/sites/hq/push/phones", as: "guard").body)["phones"]?.arrayValue == [])
            await gus.close()
        }
    }

    @Test func aHubThatAllowsLocalEndpointsTakesALoopbackPushService() async throws {
        try await withHub(tweak: { $0.allowsLocalEndpoints = true }) { hub async throws in
            let put = try await hub.api("PUT", "/api/sites/hq/push/phone", as: "guard", body: browserSubscription("https://127.0.0.1:9443/push/1"))
            #expect(put.status == 200, "\(put.body)")
        }
    }
}
