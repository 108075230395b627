import Foundation
import Synchronization
import VigilCore
import VigilHub
import VigilStore

/// An event's approved markers as a file (KML for the legacy app and Google Earth, GeoJSON for
/// today's tools): all of them, or with `since` only those approved after that `seq` of the public
/// topic, read from its log. The entity tag names the public topic's head and the `since` asked, so
/// an unchanged file is a 304; the last whole files are kept (`FloodFileCache`), so a file fetched
/// again while nothing changed is not made again.
struct FloodMarkerFiles: Sendable {
    enum Format: String, Sendable {
        case kml, geoJSON

        var mediaType: String { self == .kml ? "application/vnd.google-earth.kml+xml" : "application/geo+json" }
    }

    let store: any EventStore
    let cache = FloodFileCache()

    struct Selection: Sendable {
        var region: FloodRegionRecord
        var event: FloodEventRecord
        var markers: [FloodMarkerRecord]
        var etag: String
    }

    /// The file of an event's approved markers (since `since`), and its entity tag.
    func document(event id: Int64, since: UInt64?, format: Format, origin: String) async throws -> (bytes: [UInt8], etag: String) {
        let (region, event, head) = try await describe(event: id)
        let etag = "\"\(head)-\(since.map(String.init) ?? "all")\""
        let key = "\(id) \(format.rawValue) \(origin)"
        if since == nil, let bytes = cache.bytes(key, etag: etag) { return (bytes, etag) }
        let selection = try await select(region: region, event: event, head: head, since: since, etag: etag)
        let bytes = format == .kml ? kml(selection, origin: origin) : geoJSON(selection)
        if since == nil { cache.keep(bytes, key, etag: etag) }
        return (bytes, etag)
    }

    /// The event, its region and the region topic's head.
    private func describe(event id: Int64) async throws -> (FloodRegionRecord, FloodEventRecord, UInt64) {
        // A refusal thrown inside a read would come out as a store failure: decide outside it.
        let found = try await store.read { transaction -> (FloodRegionRecord, FloodEventRecord, UInt64)? in
            guard let event = try transaction.floodEvent(id), let boundary = try transaction.floodBoundary(event.boundary),
                let region = try transaction.floodRegion(boundary.region)
            else { return nil }
            return (region, event, try transaction.head(of: FloodService.topic(of: region.id)))
        }
        guard let found else { throw ProtocolError(.notFound, "there is no flood event \(id)") }
        return found
    }

    private func select(region: FloodRegionRecord, event: FloodEventRecord, head: UInt64, since: UInt64?, etag: String) async throws -> Selection {
        let id = event.id
        var approvedSince: Set<Int64>?
        if let since {
            guard since <= head else {
                throw ProtocolError(.sinceAhead, "since \(since) is past the last change (\(head)) of flood/\(region.id)")
            }
            approvedSince = try await approvals(on: FloodService.topic(of: region.id), after: since, upTo: head)
        }
        let markers = try await store.read { [approvedSince] in try $0.approvedFloodMarkers(ofEvent: id, among: approvedSince) }
        return Selection(region: region, event: event, markers: markers, etag: etag)
    }

    /// The markers approved on `topic` after `since` up to `head`, from the log.
    private func approvals(on topic: String, after since: UInt64, upTo head: UInt64) async throws -> Set<Int64> {
        var ids = Set<Int64>()
        var last = since
        while last < head {
            let page = try await store.events(of: topic, after: last, limit: 500)
            guard let final = page.last else { break }
            for event in page where event.type == "markers.approved" && event.seq <= head {
                let markers = (try? JSONValue(parsing: Array(event.payload.utf8)))?["markers"]?.arrayValue ?? []
                ids.formUnion(markers.compactMap { $0["id"]?.numberValue.map(Int64.init) })
            }
            last = final.seq
        }
        return ids
    }

    /// The KML marker file of the seed's format: a style per severity, the `mark:` fields, no contact.
    func kml(_ selection: Selection, origin: String) -> [UInt8] {
        let zone = TimeZone(identifier: selection.region.timeZone) ?? .gmt
        let markers = selection.markers.compactMap { record -> FloodMarker? in
            guard let point = try? GeoPoint(latitude: record.latitude, longitude: record.longitude), let severity = FloodSeverity(record.severity) else {
                return nil
            }
            let observation = FloodObservation(
                location: point, observationTime: Self.local(record.observedAt, zone), severity: severity, comment: record.description,
                coverType: record.coverType, coverHeight: record.coverHeight)
            return FloodMarker(
                id: Int(record.id), observation: observation, uploadTime: Self.local(record.submittedAt, zone), valid: true,
                imageURL: record.picture.map { "\(origin)/thumbnails/\($0)" } ?? "")
        }
        return Array(FloodKMLWriter.write(FloodMarkerFile(name: selection.event.name, markers: markers)))
    }

    /// A GeoJSON FeatureCollection (RFC 7946: coordinates are longitude, latitude) of public markers.
    func geoJSON(_ selection: Selection) -> [UInt8] {
        let features = selection.markers.map { record -> JSONValue in
            guard case .object(var properties) = record.publicJSON else { return .null }
            properties["latitude"] = nil
            properties["longitude"] = nil
            return [
                "type": "Feature", "id": .number(Double(record.id)),
                "geometry": ["type": "Point", "coordinates": [.number(record.longitude), .number(record.latitude)]],
                "properties": .object(properties),
            ]
        }
        return Array(JSONValue.object(["type": "FeatureCollection", "name": .string(selection.event.name), "features": .array(features)]).canonicalText.utf8)
    }

    static func local(_ milliseconds: Int64, _ zone: TimeZone) -> LocalTimestamp {
        LocalTimestamp(Date(timeIntervalSince1970: Double(milliseconds) / 1000), in: zone)
    }
}

/// The last whole marker files made, by event, format and origin, with their entity tags: a file
/// asked for again while its region has not changed is served as it was made. Bounded in count and
/// bytes; the oldest goes first.
final class FloodFileCache: Sendable {
    static let maxFiles = 4
    static let maxBytes = 256 * 1024 * 1024
    private let files = Mutex<[(key: String, etag: String, bytes: [UInt8])]>([])

    func bytes(_ key: String, etag: String) -> [UInt8]? {
        files.withLock { files in files.first { $0.key == key && $0.etag == etag }?.bytes }
    }

    func keep(_ bytes: [UInt8], _ key: String, etag: String) {
        guard bytes.count <= Self.maxBytes else { return }
        files.withLock { files in
            files.removeAll { $0.key == key }
            files.append((key, etag, bytes))
            while files.count > Self.maxFiles || files.reduce(0, { $0 + $1.bytes.count }) > Self.maxBytes { files.removeFirst() }
        }
    }
}
