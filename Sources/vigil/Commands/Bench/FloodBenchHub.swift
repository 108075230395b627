import Foundation
import VigilClient
import VigilCore
import VigilHub

/// A hub of its own for `vigil bench flood`: TLS on a free loopback port, a fresh database in a
/// temporary directory, an admin token, and a flood region whose one boundary (a degree square
/// around Fargo) has an open event.
struct FloodBenchHub {
    static let box = (north: 47.4, west: -97.3, south: 46.4, east: -96.3)
    let hub: BenchScratchHub
    let admin: VigilClient
    let configuration: ClientConfiguration
    let boundary: Int64

    var httpsBase: String { hub.httpsBase }

    static func start(matching: HubConfiguration.ViewMatching) async throws -> FloodBenchHub {
        let hub = try await BenchScratchHub.start(
            "flood",
            tweak: { server in
                server.hub.messagesPerSecond = 1_000_000
                server.hub.viewMatching = matching
            })
        var configuration = hub.client(hub.adminToken)
        configuration.requestTimeout = .seconds(120)
        let admin = VigilClient(configuration: configuration)
        _ = try await admin.createFloodRegion("bench", name: "Bench", timeZone: "America/Chicago")
        let boundary = try await admin.addFloodBoundary(
            region: "bench", name: "Fargo", northWest: GeoPoint(latitude: box.north, longitude: box.west),
            southEast: GeoPoint(latitude: box.south, longitude: box.east))
        _ = try await admin.openFloodEvent(region: "bench", boundary: boundary.id, name: "Bench")
        return FloodBenchHub(hub: hub, admin: admin, configuration: configuration, boundary: boundary.id)
    }

    /// Submits `count` markers at random places of the box, `window` at a time; returns their numbers.
    func submit(_ count: Int, window: Int = 256, random: inout SystemRandomNumberGenerator) async throws -> [Int64] {
        let reports = try (0..<count).map { index in
            FloodReport(
                position: try GeoPoint(
                    latitude: Double.random(in: Self.box.south...Self.box.north, using: &random),
                    longitude: Double.random(in: Self.box.west...Self.box.east, using: &random)),
                severity: index % 5 + 1, description: "bench marker \(index)")
        }
        var ids: [Int64] = []
        for start in stride(from: 0, to: count, by: window) {
            try await withThrowingTaskGroup(of: Int64.self) { group in
                for report in reports[start..<min(count, start + window)] {
                    group.addTask { try await admin.submitFloodMarker(region: "bench", report).id }
                }
                for try await id in group { ids.append(id) }
            }
        }
        return ids.sorted()
    }

    /// Approves everything pending, a thousand at a time.
    func approveAll() async throws {
        while (try? await admin.approveFloodMarkers(region: "bench", .boundary(boundary))) != nil {}
    }

    /// The hub's view-matching timer from /metrics: events timed, and their total seconds.
    func viewMatching() async throws -> (count: Double, seconds: Double) {
        let text = try await curlText("\(httpsBase)/metrics")
        func value(_ name: String) -> Double {
            text.split(separator: "\n").first { $0.hasPrefix(name + " ") || $0.hasPrefix(name + "{") }
                .flatMap { Double($0.split(separator: " ").last ?? "") } ?? 0
        }
        return (value("vigil_view_matching_seconds_count"), value("vigil_view_matching_seconds_sum"))
    }

    /// curl's own timing of one GET (seconds to the last byte, decompressed when `compressed`), its
    /// status and size as sent; the body is dropped.
    func timedGet(_ path: String, compressed: Bool = false, headers: [String] = []) async throws -> (seconds: Double, status: Int, bytes: Int) {
        let output = try await curlText(
            "\(httpsBase)\(path)",
            extra: ["-o", "/dev/null", "-w", "%{time_total} %{http_code} %{size_download}"] + (compressed ? ["--compressed"] : [])
                + headers.flatMap { ["-H", $0] })
        let parts = output.split(separator: " ")
        guard parts.count == 3, let seconds = Double(parts[0]), let status = Int(parts[1]), let bytes = Int(parts[2]) else {
            throw FloodBenchError("curl answered \(output)")
        }
        return (seconds, status, bytes)
    }

    func etag(_ path: String, compressed: Bool = false) async throws -> String {
        let head = try await curlText("\(httpsBase)\(path)", extra: ["-o", "/dev/null", "-D", "-"] + (compressed ? ["--compressed"] : []))
        guard let line = head.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("etag:") }) else { throw FloodBenchError("no ETag") }
        return String(line.dropFirst("etag:".count)).trimmingCharacters(in: .whitespaces)
    }

    private func curlText(_ url: String, extra: [String] = []) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["curl", "-s", "--http1.1", "--cacert", hub.caFile] + extra + [url]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func stop() async {
        await admin.close()
        await hub.stop()
    }
}

struct FloodBenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
