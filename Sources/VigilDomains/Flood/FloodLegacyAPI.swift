import Foundation
import VigilCore
import VigilHub
import VigilStore

/// `POST /index.php`: the Red River Flood Monitor's XML commands (docs/formats.md §1), answered as
/// the seed's server answered them, from the same tables and through the same checks as the hub's
/// own commands. Ids are the records' numbers; dates are wall-clock times in the region's zone.
struct FloodLegacyAPI: Sendable {
    /// A request's largest body: a photo of 2 MiB in base64, and the rest of the marker.
    static let maxBodyBytes = 4 * 1024 * 1024
    let store: any EventStore

    func answer(_ request: RouteRequest) async throws(ProtocolError) -> RouteReply {
        let command: FloodRequest
        do {
            command = try FloodXMLParser.parseRequest(Data(request.body))
        } catch {
            throw ProtocolError(.badRequest, "not a flood command: \(error.description)")
        }
        let response: FloodResponse
        do {
            response = try await respond(to: command, request)
        } catch {
            response =
                command.command == .submitMarker
                ? .submitMarker(FloodSubmitResult(status: .failed, message: error.message)) : .failure(command.command, message: error.message)
        }
        return .document(Array(FloodXMLWriter.write(response)), contentType: "text/xml; charset=utf-8", etag: nil)
    }

    private func respond(to command: FloodRequest, _ request: RouteRequest) async throws(ProtocolError) -> FloodResponse {
        switch command {
        case .getRegions:
            return .regions(try await request.read { try await regions() })
        case .getEventsByBoundaryID(let boundary):
            return .events(boundaryID: boundary, try await events(of: boundary, request))
        case .getMarkerFile(let event, let boundary):
            guard try await request.read({ try await store.read { try FloodTables($0).floodEvent(Int64(event))?.boundary } }) == Int64(boundary)
            else {
                throw ProtocolError(.notFound, "no event \(event) in boundary \(boundary)")
            }
            return .markerFile(eventID: event, boundaryID: boundary, url: "\(request.origin)/\(FloodRoutes.kmlPath(event: event))")
        case .submitMarker(let submission):
            return .submitMarker(try await submit(submission, request))
        }
    }

    private func regions() async throws -> [FloodRegion] {
        try await store.read { transaction in
            try FloodTables(transaction).floodRegions().map { region in
                FloodRegion(
                    id: Int(region.number), name: region.name,
                    boundaries: try FloodTables(transaction).floodBoundaries(of: region.id).map {
                        FloodBoundary(id: Int($0.id), name: $0.name, box: try $0.box)
                    })
            }
        }
    }

    private func events(of boundary: Int, _ request: RouteRequest) async throws(ProtocolError) -> [FloodEvent] {
        let found = try await request.read {
            try await store.read { transaction -> (String, [FloodEventRecord])? in
                guard let record = try FloodTables(transaction).floodBoundary(Int64(boundary)),
                    let region = try FloodTables(transaction).floodRegion(record.region)
                else {
                    return nil
                }
                return (region.timeZone, try FloodTables(transaction).floodEvents(ofBoundary: record.id))
            }
        }
        guard let (zoneName, events) = found else { throw ProtocolError(.notFound, "no boundary \(boundary)") }
        let zone = TimeZone(identifier: zoneName) ?? .gmt
        return events.map { event in
            FloodEvent(
                id: Int(event.id), name: event.name, start: FloodMarkerFiles.local(event.openedAt, zone),
                end: event.closedAt.map { FloodMarkerFiles.local($0, zone) })
        }
    }

    /// Finds the open event whose boundary holds the marker, checks the photo when there is one,
    /// and submits the marker as the hub's own `submit` does (pending until approved).
    private func submit(_ submission: FloodMarkerSubmission, _ request: RouteRequest) async throws(ProtocolError) -> FloodSubmitResult {
        let observation = submission.observation
        let holder = try await request.read {
            try await store.read { transaction -> (FloodRegionRecord, Int64)? in
                for (event, boundary) in try FloodTables(transaction).openFloodEventsWithBoundaries()
                where try boundary.box.contains(observation.location) {
                    if let region = try FloodTables(transaction).floodRegion(boundary.region) { return (region, event.id) }
                }
                return nil
            }
        }
        guard let (region, event) = holder else {
            throw ProtocolError(.outsideBoundary, "the marker lies in no boundary with an open flood event")
        }
        try FloodPhotoIntake.admit(request, to: region)
        var photos: [Thumbnail] = []
        if let image = submission.image {
            photos = [try FloodPhotoIntake.check([UInt8](image), from: request, for: region)]
        }
        let picture = photos.first?.hash
        let observedAt = observation.observationTime.date(in: TimeZone(identifier: region.timeZone) ?? .gmt).timeIntervalSince1970 * 1000
        func given(_ text: String) -> String? { text.isEmpty ? nil : text }
        let report = FloodReport(
            position: observation.location, severity: observation.severity.level, description: observation.comment, event: event,
            observedAt: Int64(observedAt.rounded()), picture: picture, email: given(observation.email), phone: given(observation.phoneNumber),
            coverType: given(observation.coverType), coverHeight: observation.coverHeight)
        _ = try await request.publish(
            topic: FloodService.reportsTopic(of: region.id), type: "submit", data: .object(JSONValue.fields(of: report)), storing: photos)
        return picture == nil
            ? FloodSubmitResult(status: .markerAdded, message: "marker added; it shows once a moderator approves it")
            : FloodSubmitResult(status: .markerAndImageAdded, message: "marker and image added; they show once a moderator approves them")
    }
}
