import Foundation
import Testing
import VigilCore

@Suite(.timeLimit(.minutes(10))) struct HTTPTests {
    @Test func healthzAndSecurityHeaders() async throws {
        try await withHub { hub async throws in
            let response = try await curl(hub.httpsBase + "/healthz", caFile: hub.caFile)
            #expect(response.status == 200)
            #expect(response.body.contains(#""status":"ok""#))
            #expect(response.headers["strict-transport-security"]?.hasPrefix("max-age=") == true)
            #expect(response.headers["x-content-type-options"] == "nosniff")
            #expect(response.headers["x-frame-options"] == "DENY")
            #expect(response.headers["content-security-policy"]?.contains("frame-ancestors 'none'") == true)
            #expect(response.headers["referrer-policy"] == "no-referrer")
        }
    }

    @Test func staticFilesHaveTheirTypesAndNoTraversal() async throws {
        try await withHub { hub async throws in
            let index = try await curl(hub.httpsBase + "/", caFile: hub.caFile)
            #expect(index.status == 200)
            #expect(index.headers["content-type"]?.hasPrefix("text/html") == true)
            #expect(index.headers["x-frame-options"] == "DENY")
            let script = try await curl(hub.httpsBase + "/app.js", caFile: hub.caFile)
            #expect(script.headers["content-type"]?.contains("javascript") == true)
            // The data directory sits beside public/ in the test layout: none of it may leak.
            for path in ["/../data/vigil.sqlite", "/%2e%2e/data/vigil.sqlite", "/..%2fdata%2fvigil.sqlite", "/../../etc/passwd"] {
                let response = try await curl(hub.httpsBase + path, caFile: hub.caFile, pathAsIs: true)
                #expect(response.status == 404 || response.status == 400, "\(path) gave \(response.status)")
                #expect(!response.body.contains("SQLite format"), "\(path)")
            }
        }
    }

    /// A percent-encoded control character in the path is refused with 400 `bad_request` before
    /// any file or route sees it: a NUL does not cut `app.js%00.html` down to
    /// `app.js` served as HTML.
    @Test func aPathWithAControlCharacterIsRefused() async throws {
        try await withHub { hub async throws in
            for path in ["/app.js%00.html", "/app.js%00", "/index.html%0a", "/app.js%1F.html", "/%7f", "/healthz%00"] {
                let response = try await curl(hub.httpsBase + path, caFile: hub.caFile, pathAsIs: true)
                #expect(response.status == 400, "\(path) gave \(response.status)")
                #expect(response.body.contains(#""code":"bad_request""#), "\(path)")
                #expect(response.headers["content-type"]?.hasPrefix("application/json") == true, "\(path)")
            }
            // A raw one does not make a request head: 400, and the connection is closed.
            let peer = try await TCPPeer.connect(port: hub.port, caFile: hub.caFile)
            defer { peer.close() }
            try await peer.send("GET /app.js\u{01}.html HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let answer = await peer.received(until: "\r\n\r\n", timeout: .seconds(5))
            #expect(answer.hasPrefix("HTTP/1.1 400"), "a raw control character: \(answer.prefix(40))")
            #expect(await eventually(timeout: .seconds(10)) { !peer.channel.isActive }, "and the connection is closed")
            let script = try await curl(hub.httpsBase + "/app.js", caFile: hub.caFile)
            #expect(script.status == 200)
        }
    }

    @Test func metricsCountWhatHappens() async throws {
        try await withHub { hub async throws in
            let reader = hub.client("guard")
            let stream = try await reader.subscribe("notice/hq")
            let writer = hub.client("operator")
            _ = try await writer.publish(topic: "notice/hq", type: "notice", data: notice("one"))
            _ = try await collect(1, from: stream)
            let metrics = try await curl(hub.httpsBase + "/metrics", caFile: hub.caFile)
            #expect(metrics.headers["content-type"]?.hasPrefix("text/plain") == true)
            let values = try await metricValues(hub)
            #expect(values["vigil_connections"] == 2)
            #expect(values["vigil_subscriptions"] == 1)
            #expect(values["vigil_events_published_total"] == 1)
            #expect(values["vigil_events_delivered_total"] == 1)
            #expect(values["vigil_commit_batch_size_count"] == 1)
            #expect(values["vigil_slow_consumer_closes_total"] == 0)
            #expect(values["vigil_opening_timeouts_total"] == 0)
            await reader.close()
            await writer.close()
        }
    }

    @Test func publishOverHTTPUsesTheSameChecks() async throws {
        try await withHub { hub async throws in
            let url = hub.httpsBase + "/api/publish"
            let good = #"{"topic":"notice/hq","type":"notice","data":{"text":"from a script"}}"#
            let accepted = try await curl(
                url, caFile: hub.caFile, method: "POST", headers: ["Authorization": "Bearer \(hub.token("operator"))"], body: good)
            #expect(accepted.status == 200)
            #expect(accepted.body.contains(#""seq":1"#))

            let cases: [(String?, String, Int, ErrorCode)] = [
                (nil, good, 401, .unauthorized),
                ("vgl_" + String(repeating: "B", count: 43), good, 401, .unauthorized),
                (hub.token("revoked"), good, 401, .unauthorized),
                (hub.token("guard"), good, 403, .forbidden),
                (hub.token("operator"), "{nope", 400, .badJSON),
                (hub.token("operator"), #"{"topic":"notice/hq"}"#, 400, .badRequest),
                (hub.token("operator"), #"{"topic":"notice/hq","type":"notice","data":{"text":""}}"#, 400, .invalidData),
                (hub.token("operator"), #"{"topic":"notice/+","type":"notice","data":{"text":"x"}}"#, 400, .invalidTopic),
                (
                    hub.token("operator"),
                    "{\"topic\":\"notice/hq\",\"type\":\"notice\",\"data\":{\"text\":\"" + String(repeating: "a", count: 70_000) + "\"}}", 413,
                    .tooLarge
                ),
            ]
            for (token, body, status, code) in cases {
                let headers = token.map { ["Authorization": "Bearer \($0)"] } ?? [:]
                let response = try await curl(url, caFile: hub.caFile, method: "POST", headers: headers, body: body)
                #expect(response.status == status, "\(code)")
                #expect(response.body.contains(#""code":"\#(code.rawValue)""#), "\(code): \(response.body.prefix(200))")
            }
            let client = hub.client("admin")
            #expect(try await client.history(topic: "notice/hq").count == 1)
            await client.close()
        }
    }

    @Test func theUpgradeChecksTheOrigin() async throws {
        try await withHub { hub async throws in
            #expect(try await hub.upgradeStatus(origin: nil) == 101)
            #expect(try await hub.upgradeStatus(origin: "https://localhost:\(hub.port)") == 101)
            #expect(try await hub.upgradeStatus(origin: "https://LOCALHOST:\(hub.port)") == 101)
            #expect(try await hub.upgradeStatus(origin: "https://localhost:1\(hub.port)") == 400)
            #expect(try await hub.upgradeStatus(origin: "https://evil.example") == 400)
            #expect(try await hub.upgradeStatus(origin: "http://localhost:\(hub.port)") == 400)
            #expect(try await hub.upgradeStatus(origin: "null") == 400)
        }
    }
}
