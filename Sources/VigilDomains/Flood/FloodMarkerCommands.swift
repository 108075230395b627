import VigilCore
import VigilHub

/// The commands of `flood/{region}/reports`: anyone with a token submits a marker; operators and
/// admins approve or reject markers, a selection or everything pending in a boundary, and remove
/// approved markers (a hoax, a duplicate) from the public again.
enum FloodMarkerCommands {
    static let maxDescriptionLength = 2000
    /// Markers one moderation command may decide.
    static let maxModerated = 1000

    static func command(_ identity: Identity, region: String, type: String, data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        switch type {
        case "submit":
            let draft = try FloodMarkerDraft(data, reporter: identity)
            return ValidatedEvent(
                type: FloodEventType.markerSubmitted.rawValue, payload: [:],
                effect: SubmitFloodMarker(region: region, draft: draft))
        case "approve", "reject":
            try FloodRegionCommands.require(FloodService.moderates(identity), "only operators and admins moderate reports")
            let selection = try Self.selection(try data.decode(FloodModeration.self))
            let decision: FloodMarkerStatus = type == "approve" ? .approved : .rejected
            let type = decision == .approved ? FloodEventType.markersApproved : .markersRejected
            return ValidatedEvent(
                type: type.rawValue, payload: [:], effect: ModerateFloodMarkers(region: region, selection: selection, decision: decision),
                audited: true)
        case "remove":
            try FloodRegionCommands.require(FloodService.moderates(identity), "only operators and admins remove markers")
            guard case .markers(let markers) = try Self.selection(try data.decode(FloodModeration.self)) else {
                throw ProtocolError(.invalidData, "data.markers must list the approved markers to remove")
            }
            return ValidatedEvent(
                type: FloodEventType.markersRemoved.rawValue, payload: [:], effect: RemoveFloodMarkers(region: region, ids: markers),
                audited: true)
        default:
            throw ProtocolError(.unknownType, "flood/{region}/reports takes submit, approve, reject and remove")
        }
    }
}

extension FloodMarkerCommands {
    /// The selection with its numbers held to their bounds: 1 to `maxModerated` markers, each
    /// named once.
    static func selection(_ moderation: FloodModeration) throws(ProtocolError) -> FloodModeration {
        switch moderation {
        case .markers(let ids):
            guard (1...maxModerated).contains(ids.count), ids.allSatisfy({ $0 >= 1 }) else {
                throw ProtocolError(.invalidData, "data.markers must be a list of 1 to \(maxModerated) marker numbers (1 or more)")
            }
            var seen = Set<Int64>()
            return .markers(ids.filter { seen.insert($0).inserted })
        case .boundary(let boundary):
            return .boundary(try CommandBounds.recordNumber(boundary, "boundary"))
        }
    }
}

/// A marker as its reporter submitted it, checked field by field; where it lies and whether its
/// event is open are checked in the commit.
struct FloodMarkerDraft: Sendable {
    var event: Int64?
    var point: GeoPoint
    var severity: Int
    var description: String
    /// When the reporter saw it; the submission time when not given.
    var observedAt: Int64?
    var picture: String?
    var reporter: String
    /// Sent without a token, through an open route.
    var anonymous: Bool
    var email: String
    var phone: String
    var coverType: String
    var coverHeight: Double?

    init(_ data: JSONValue, reporter: Identity) throws(ProtocolError) {
        let report = try data.decode(FloodReport.self)
        point = report.position
        severity = try CommandBounds.whole(report.severity, "severity", in: FloodSeverity.levels)
        event = try report.event.map { id throws(ProtocolError) in try CommandBounds.recordNumber(id, "event") }
        description =
            try CommandBounds.optionalText(
                report.description.isEmpty ? nil : report.description, "description", maxLength: FloodMarkerCommands.maxDescriptionLength) ?? ""
        observedAt = try report.observedAt.map { at throws(ProtocolError) in try CommandBounds.whole(at, "observedAt", in: 0...Int64.max) }
        picture = report.picture
        if let picture, !HexText.isSHA256(picture) {
            throw ProtocolError(.invalidData, "data.picture must be a SHA-256 hash (64 lowercase hex digits), as POST /api/thumbnails returns it")
        }
        email = try CommandBounds.optionalText(report.email, "email", maxLength: 254) ?? ""
        phone = try CommandBounds.optionalText(report.phone, "phone", maxLength: 40) ?? ""
        coverType = try CommandBounds.optionalText(report.coverType, "coverType", maxLength: 64) ?? ""
        coverHeight = try CommandBounds.number(report.coverHeight, "coverHeight", in: 0...100_000)
        self.reporter = reporter.name
        anonymous = reporter.isAnonymous
    }
}
