import Foundation
import VigilCore
import VigilHub
import VigilStore

/// An event's approved markers as a file (KML for the legacy app and Google Earth, GeoJSON for
/// today's tools): all of them, or with `since` only what changed after that `seq` of the public
/// topic, read from its log: the markers approved since, and those removed since (a KML Placemark
/// with `mark:Valid` f, a GeoJSON `removed` list). The entity tag names the public topic's head
/// and the `since` asked, so an unchanged file is a 304. A whole file is made once per version of its region and kept
/// (`FloodFileCache`) with its gzip form, compressed once when first asked for.
struct FloodMarkerFiles: Sendable {
    enum Format: String, Sendable {
        case kml, geoJSON

        var mediaType: String { self == .kml ? "application/vnd.google-earth.kml+xml" : "application/geo+json" }
    }

    /// A file as it is sent: plain or gzipped, each form with its own entity tag.
    struct Reply: Sendable {
        var bytes: [UInt8]
        var etag: String
        var coding: ContentCoding
    }

    let store: any EventStore
    let cache = FloodFileCache()

    /// The file of an event's approved markers (since `since`), gzipped when `gzip`.
    func document(event id: Int64, since: UInt64?, format: Format, origin: String, gzip: Bool) async throws -> Reply {
        let (region, event, head) = try await describe(event: id)
        let version = "\(head)-\(since.map(String.init) ?? "all")"
        let file: FloodBuiltFile
        if let since {
            guard since <= head else {
                throw ProtocolError(.sinceAhead, "since \(since) is past the last change (\(head)) of flood/\(region.id)")
            }
            let delta = try await changes(on: FloodService.topic(of: region.id), after: since, upTo: head)
            file = FloodBuiltFile(try await make(format, region: region, event: event, head: head, origin: origin, delta: delta))
        } else {
            file = try await cache.file("\(id) \(format.rawValue) \(origin)", version: version) {
                try await make(format, region: region, event: event, head: head, origin: origin, delta: nil)
            }
        }
        guard gzip else { return Reply(bytes: file.bytes, etag: "\"\(version)\"", coding: .identity) }
        return Reply(bytes: await file.gzipped(), etag: "\"\(version)-gzip\"", coding: .gzip)
    }

    /// The event, its region and the region topic's head.
    private func describe(event id: Int64) async throws -> (FloodRegionRecord, FloodEventRecord, UInt64) {
        // A refusal thrown inside a read would come out as a store failure: decide outside it.
        let found = try await store.read { transaction -> (FloodRegionRecord, FloodEventRecord, UInt64)? in
            guard let event = try FloodTables(transaction).floodEvent(id), let boundary = try FloodTables(transaction).floodBoundary(event.boundary),
                let region = try FloodTables(transaction).floodRegion(boundary.region)
            else { return nil }
            return (region, event, try transaction.head(of: FloodService.topic(of: region.id)))
        }
        guard let found else { throw ProtocolError(.notFound, "there is no flood event \(id)") }
        return found
    }

    /// The event's approved markers in `format`, written as they are read; with a delta, only
    /// those it approved, then those it removed.
    private func make(
        _ format: Format, region: FloodRegionRecord, event: FloodEventRecord, head: UInt64, origin: String, delta: FloodFileDelta?
    ) async throws -> [UInt8] {
        try await store.read { transaction in
            func write<Writer: FloodFileWriter>(_ writer: consuming Writer) throws -> [UInt8] {
                var writer = writer
                try FloodTables(transaction).forEachFloodMarker(ofEvent: event.id, status: .approved) { marker in
                    if delta?.approved.contains(marker.id) ?? true { writer.append(marker) }
                }
                if let delta, !delta.removed.isEmpty {
                    try FloodTables(transaction).forEachFloodMarker(ofEvent: event.id, status: .rejected) { marker in
                        if delta.removed.contains(marker.id) { writer.appendRemoval(marker) }
                    }
                }
                return writer.finish()
            }
            switch format {
            case .kml:
                let expected =
                    try delta.map { $0.approved.count + $0.removed.count }
                    ?? FloodTables(transaction).floodMarkerCount(ofEvent: event.id, status: .approved)
                return try write(FloodKMLFileWriter(name: event.name, timeZone: region.timeZone, origin: origin, expectedMarkers: expected))
            case .geoJSON:
                return try write(FloodGeoJSONFileWriter(name: event.name, head: head, delta: delta != nil))
            }
        }
    }

    /// The markers approved and removed on `topic` after `since` up to `head`, from the log. A
    /// marker approved and then removed in that span is only removed.
    private func changes(on topic: String, after since: UInt64, upTo head: UInt64) async throws -> FloodFileDelta {
        var delta = FloodFileDelta()
        var last = since
        while last < head {
            let page = try await store.events(of: topic, after: last, limit: 500)
            guard let final = page.last else { break }
            for event in page where event.seq <= head && FloodService.markerEvents.contains(event.type) {
                let markers = (try? JSONValue(parsing: Array(event.payload.utf8)))?["markers"]?.arrayValue ?? []
                let ids = markers.compactMap { $0["id"]?.numberValue.map(Int64.init) }
                if event.type == "markers.removed" {
                    delta.removed.formUnion(ids)
                    delta.approved.subtract(ids)
                } else {
                    delta.approved.formUnion(ids)
                }
            }
            last = final.seq
        }
        return delta
    }

    static func local(_ milliseconds: Int64, _ zone: TimeZone) -> LocalTimestamp {
        LocalTimestamp(Date(timeIntervalSince1970: Double(milliseconds) / 1000), in: zone)
    }
}

/// What changed in a region after a `seq`: markers approved, and markers removed.
struct FloodFileDelta: Sendable {
    var approved = Set<Int64>()
    var removed = Set<Int64>()
}
