import VigilCore
import VigilHub
import VigilStore

/// The flood domain over HTTP: creating a region (`vigil flood region create` and scripts), the
/// region listing, submitting a marker and moderating, each through the same checks as the
/// WebSocket path.
struct FloodRoutes {
    let queries: FloodQueries
    let files: FloodMarkerFiles
    let legacy: FloodLegacyAPI

    static func kmlPath(event: Int) -> String { "api/flood/events/\(event)/markers.kml" }
    /// Where a marker file links its markers' photos: `{photoPath}/{sha256}`.
    static let photoPath = "api/flood/photos"

    var all: [DomainRoute] {
        [
            // The legacy app's one address, open (it has no token) and served on the plain-HTTP listener too.
            DomainRoute(.post, "index.php", body: .upTo(FloodLegacyAPI.maxBodyBytes), access: .open, legacy: true) {
                [legacy] request async throws(ProtocolError) in
                try await legacy.answer(request)
            },
            // Approved markers only, without contact: what the public may read anyway.
            DomainRoute(.get, "api/flood/events/:event/markers.kml", access: .open, legacy: true) { [files] request async throws(ProtocolError) in
                try await Self.file(request, files, .kml)
            },
            // The photos the KML links, on the plain-HTTP listener too: approved markers' only.
            DomainRoute(.get, "\(Self.photoPath)/:hash", access: .open, legacy: true) { [queries] request async throws(ProtocolError) in
                let hash = try request.parameter("hash")
                guard HexText.isSHA256(hash), let photo = try await request.read({ try await queries.approvedPhoto(hash) }) else {
                    throw ProtocolError(.notFound, "no photo of an approved marker is named \(hash.prefix(64))")
                }
                return .document(photo.bytes, contentType: photo.mediaType, etag: "\"\(hash)\"")
            },
            DomainRoute(.get, "api/flood/events/:event/markers.geojson", access: .open) { [files] request async throws(ProtocolError) in
                try await Self.file(request, files, .geoJSON)
            },
            // Open: the public reporting page lists the regions before anyone signs in.
            DomainRoute(.get, "api/flood/regions", access: .open) { [queries] request async throws(ProtocolError) in
                .json(try await request.read { try await queries.regions() })
            },
            DomainRoute(.post, "api/flood/regions", body: .frameLimit) { request async throws(ProtocolError) in
                let creation = try request.json("a JSON object {id, name, timeZone, anonymous?}").decode(FloodRegionCreation.self)
                let id = try CommandBounds.identifier(creation.id, "id")
                let command = JSONValue.object(JSONValue.fields(of: creation.region))
                return try await request.publish(topic: FloodService.topic(of: id), type: "create_region", data: command)
            },
            // Open: a region created with anonymous: true takes markers without a token (pending, limited
            // per address), with the photo in the body as `photo` (base64), since there is no token to upload it with.
            DomainRoute(.post, "api/flood/regions/:region/markers", body: .upTo(FloodLegacyAPI.maxBodyBytes), access: .open) {
                [queries] request async throws(ProtocolError) in
                let region = try request.parameter("region")
                var fields = try request.jsonObject("{latitude, longitude, severity, photo?, ...}")
                var photos: [Thumbnail] = []
                if let photo = fields.removeValue(forKey: "photo") {
                    let image = try FloodPhotoIntake.decode(photo)
                    guard let record = try await request.read({ try await queries.region(region) }) else {
                        throw ProtocolError(.notFound, "no flood region \(region)")
                    }
                    photos = [try FloodPhotoIntake.check(image, from: request, for: record)]
                    fields["picture"] = .string(photos[0].hash)
                }
                return try await request.publish(topic: FloodService.reportsTopic(of: region), type: "submit", data: .object(fields), storing: photos)
            },
            // {decision: "approve" | "reject" | "remove", markers: [...]} or {decision: "approve" | "reject", boundary}
            DomainRoute(.post, "api/flood/regions/:region/moderation", body: .frameLimit) { request async throws(ProtocolError) in
                let region = try request.parameter("region")
                var fields = try request.jsonObject("{decision, markers} or {decision, boundary}")
                guard let decision = fields.removeValue(forKey: "decision")?.stringValue, ["approve", "reject", "remove"].contains(decision) else {
                    throw ProtocolError(.invalidData, "decision must be approve, reject or remove")
                }
                return try await request.publish(topic: FloodService.reportsTopic(of: region), type: decision, data: .object(fields))
            },
        ]
    }

    /// The file of the path's event, since the query's `since`.
    private static func file(_ request: RouteRequest, _ files: FloodMarkerFiles, _ format: FloodMarkerFiles.Format) async throws(ProtocolError)
        -> RouteReply
    {
        guard let event = Int64(try request.parameter("event")), event > 0 else {
            throw ProtocolError(.notFound, "a flood event is named by its number")
        }
        var since: UInt64?
        if let text = request.query["since"] {
            guard let seq = UInt64(text) else { throw ProtocolError(.badRequest, "since must be a whole number, a seq of flood/{region}") }
            since = seq
        }
        let file = try await request.read { [since] in
            try await files.document(event: event, since: since, format: format, origin: request.origin, gzip: request.acceptsGzip)
        }
        return .document(file.bytes, contentType: format.mediaType, etag: file.etag, coding: file.coding)
    }
}
