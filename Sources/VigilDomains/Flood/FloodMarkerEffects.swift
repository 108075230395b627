import VigilCore
import VigilHub
import VigilStore

/// Records a submitted marker as pending, in the event it names or else in the open event whose
/// boundary holds its position. Stored on the reports topic only: the public hears of it once it
/// is approved.
struct SubmitFloodMarker: DomainEffect {
    /// How far ahead of the hub's clock an observation time may lie (a phone's clock runs fast).
    static let clockSlackMs: Int64 = 5 * 60_000
    let region: String
    let draft: FloodMarkerDraft

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        let record = try existingRegion(region, transaction)
        if draft.anonymous, !record.anonymous {
            throw ProtocolError(.forbidden, "region \(region) takes markers only from reporters with a token")
        }
        let target = try eventHolding(transaction)
        if let picture = draft.picture, !(try transaction.missingThumbnails([picture])).isEmpty {
            throw ProtocolError(.notFound, "no picture \(picture); upload it with POST /api/thumbnails first")
        }
        let observedAt = draft.observedAt ?? event.ts
        guard observedAt <= event.ts + Self.clockSlackMs else {
            throw ProtocolError(.invalidData, "data.observedAt lies in the future")
        }
        var marker = FloodMarkerRecord(
            id: 0, event: target, latitude: draft.point.latitude, longitude: draft.point.longitude, severity: draft.severity,
            description: draft.description, observedAt: observedAt, submittedAt: event.ts, picture: draft.picture, reporter: draft.reporter,
            email: draft.email, phone: draft.phone, coverType: draft.coverType, coverHeight: draft.coverHeight, status: .pending)
        marker.id = try transaction.insertNumbering(marker)
        event.payload = try JSONValue.canonicalText(of: FloodMarkerSubmitted(marker: marker.moderationWire))
        return []
    }

    /// The open event the marker goes to; its position must lie in that event's boundary.
    private func eventHolding(_ transaction: any DomainTransaction) throws -> Int64 {
        if let id = draft.event {
            let (record, boundary) = try existingEvent(id, in: region, transaction)
            guard record.closedAt == nil else {
                throw ProtocolError(.invalidTransition, "flood event \(id) is closed: it takes no more markers")
            }
            guard try boundary.box.contains(draft.point) else {
                throw ProtocolError(.outsideBoundary, "the position lies outside boundary \(boundary.name) of event \(id)")
            }
            return id
        }
        for record in try FloodTables(transaction).openFloodEvents(of: region) {
            if let boundary = try FloodTables(transaction).floodBoundary(record.boundary), try boundary.box.contains(draft.point) {
                return record.id
            }
        }
        throw ProtocolError(.outsideBoundary, "the position lies in no boundary of region \(region) with an open flood event")
    }
}

/// pending -> approved or rejected, for every marker selected, or for none: a selection naming a
/// marker already decided, or of another region, is refused whole. Approvals are mirrored onto the
/// public topic, carrying the markers' public form only.
struct ModerateFloodMarkers: DomainEffect {
    let region: String
    let selection: FloodModeration
    let decision: FloodMarkerStatus

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        var markers = try selected(transaction)
        try FloodTables(transaction).moderateFloodMarkers(markers.map(\.id), to: decision, by: event.from, at: event.ts)
        for index in markers.indices {
            markers[index].status = decision
            markers[index].moderatedBy = event.from
            markers[index].moderatedAt = event.ts
        }
        guard decision == .approved else {
            event.payload = try JSONValue.canonicalText(of: FloodMarkersRejected(markers: markers.map(\.id)))
            return []
        }
        event.payload = try JSONValue.canonicalText(of: FloodMarkersApproved(markers: markers.map(\.publicWire)))
        return [FloodService.topic(of: region)]
    }

    private func selected(_ transaction: any DomainTransaction) throws -> [FloodMarkerRecord] {
        switch selection {
        case .markers(let ids):
            return try FloodTables(transaction).floodMarkers(ids, in: region, allIn: .pending)
        case .boundary(let boundary):
            _ = try existingBoundary(boundary, in: region, transaction)
            let markers = try FloodTables(transaction).floodMarkers(
                in: region, status: .pending, boundary: boundary, limit: FloodMarkerCommands.maxModerated)
            guard !markers.isEmpty else {
                throw ProtocolError(.invalidTransition, "nothing is pending in boundary \(boundary)")
            }
            return markers
        }
    }
}

/// A moderator's selection, checked whole.
extension FloodTables {
    /// The markers `ids` of the region, every one in `status`; an unknown marker, one of another
    /// region or one in another status refuses the whole selection.
    func floodMarkers(_ ids: [Int64], in region: String, allIn status: FloodMarkerStatus) throws -> [FloodMarkerRecord] {
        let markers = try floodMarkers(ids, in: region)
        if let missing = ids.first(where: { id in !markers.contains { $0.id == id } }) {
            throw ProtocolError(.notFound, "flood region \(region) has no marker \(missing)")
        }
        if let other = markers.first(where: { $0.status != status }) {
            throw ProtocolError(.invalidTransition, "marker \(other.id) is \(other.status.rawValue), not \(status.rawValue)")
        }
        return markers
    }
}
