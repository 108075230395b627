import Foundation
import Testing
import VigilClient
import VigilCore
import VigilTestSupport

/// A person's push settings through every way in: `vigil push settings`, HTTP and VigilClient,
/// over TLS to the real hub, each reading what the others wrote.
@Suite struct PushSettingsRoutesTests {
    @Test func aGuardSetsQuietHoursFromTheCommandLineAndReadsThemOverHTTPAndTheClient() async throws {
        try await withHub { hub async throws in
            let set = try await runVigilTellingErrors([
                "push", "settings", "hq", "--quiet", "22:00-06:30", "--utc-offset", "60", "--escalations-break-through", "false", "--mute", "camera",
                "--url", hub.url, "--token", hub.token("guard"), "--ca", hub.caFile,
            ])
            #expect(set.status == 0, "\(set.errors)")
            #expect(
                set.output
                    == "hq: escalation pushed, chat pushed, camera muted, checkpoint pushed; quiet 22:00-06:30 at UTC+60 min, escalations wait\n")

            let read = try await hub.api("GET", "/api/sites/hq/push/settings", as: "guard")
            #expect(
                json(read.body)
                    == [
                        "muted": ["camera"], "quietHours": ["from": "22:00", "to": "06:30", "utcOffsetMinutes": 60],
                        "escalationsBreakThrough": false,
                    ])
            #expect(json(try await hub.api("GET", "/api/sites/hq/push/settings", as: "operator").body)["muted"] == [], "olga's are her own")

            let client = hub.client("guard")
            defer { Task { await client.close() } }
            var settings = try await client.pushSettings(site: "hq")
            #expect(settings.quietHours?.to == "06:30" && settings.muted == [.camera])
            settings.muted = []
            settings.escalationsBreakThrough = true
            try await client.setPushSettings(settings, site: "hq")
            let shown = try await runVigilTellingErrors([
                "push", "settings", "hq", "--url", hub.url, "--token", hub.token("guard"), "--ca", hub.caFile,
            ])
            #expect(
                shown.output
                    == "hq: escalation pushed, chat pushed, camera pushed, checkpoint pushed; quiet 22:00-06:30 at UTC+60 min, escalations break through\n"
            )

            let bad = try await hub.api(
                "PUT", "/api/sites/hq/push/settings", as: "guard",
                body: ["muted": [], "quietHours": ["from": "24:00", "to": "06:00", "utcOffsetMinutes": 0], "escalationsBreakThrough": true])
            #expect(bad.status == 400 && json(bad.body)["code"] == "invalid_data")
            #expect(try await client.pushSettings(site: "hq") == settings, "refused means unchanged")
            #expect(try await hub.api("GET", "/api/sites/hq/push/settings", as: "guard-depot").status == 403)
        }
    }
}
