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
                type: FloodEventType.markerSubmitted.rawValue, payload: ["severity": .number(Double(draft.severity))],
                effect: SubmitFloodMarker(region: region, draft: draft))
        case "approve", "reject":
            try FloodRegionCommands.require(FloodService.moderates(identity), "only operators and admins moderate reports")
            let selection = try FloodSelection(try CommandData(data, shape: "{markers} or {boundary}"))
            let decision: FloodMarkerStatus = type == "approve" ? .approved : .rejected
            let type = decision == .approved ? FloodEventType.markersApproved : .markersRejected
            return ValidatedEvent(
                type: type.rawValue, payload: ["markers": []], effect: ModerateFloodMarkers(region: region, selection: selection, decision: decision),
                audited: true)
        case "remove":
            try FloodRegionCommands.require(FloodService.moderates(identity), "only operators and admins remove markers")
            let fields = try CommandData(data, shape: "{markers}")
            guard let markers = try fields.integers("markers", in: 1...Int.max, max: maxModerated) else {
                throw ProtocolError(.invalidData, "data.markers must list the approved markers to remove")
            }
            return ValidatedEvent(
                type: FloodEventType.markersRemoved.rawValue, payload: ["markers": []], effect: RemoveFloodMarkers(region: region, ids: markers),
                audited: true)
        default:
            throw ProtocolError(.unknownType, "flood/{region}/reports takes submit, approve, reject and remove")
        }
    }
}

/// Which markers a moderation command decides: the listed ones, or everything pending in a boundary.
enum FloodSelection: Sendable {
    case markers([Int])
    case boundary(Int64)

    init(_ fields: CommandData) throws(ProtocolError) {
        let markers = try fields.integers("markers", in: 1...Int.max, max: FloodMarkerCommands.maxModerated)
        let boundary = try fields.integer("boundary", in: 1...Int.max)
        switch (markers, boundary) {
        case (let markers?, nil): self = .markers(markers)
        case (nil, let boundary?): self = .boundary(Int64(boundary))
        default: throw ProtocolError(.invalidData, "data must name either markers (a list of marker numbers) or a boundary, not both")
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
        let fields = try CommandData(
            data, shape: "{latitude, longitude, severity, description?, event?, observedAt?, picture?, email?, phone?, coverType?, coverHeight?}")
        guard let latitude = try fields.number("latitude", in: -90...90), let longitude = try fields.number("longitude", in: -180...180) else {
            throw ProtocolError(.invalidData, "data.latitude and data.longitude are required, in degrees")
        }
        // Both in range, so this cannot fail; the refusal keeps the compiler's typed throw.
        guard let point = try? GeoPoint(latitude: latitude, longitude: longitude) else {
            throw ProtocolError(.invalidData, "data.latitude and data.longitude must be a point on the Earth")
        }
        guard let severity = try fields.integer("severity", in: FloodSeverity.levels) else {
            throw ProtocolError(.invalidData, "data.severity is required: a whole number from 1 to 5")
        }
        self.point = point
        self.severity = severity
        event = try fields.integer("event", in: 1...Int.max).map(Int64.init)
        description = try fields.optionalString("description", maxLength: FloodMarkerCommands.maxDescriptionLength) ?? ""
        observedAt = try fields.integer("observedAt", in: 0...Int.max).map(Int64.init)
        picture = try fields.optionalString("picture", maxLength: 64)
        if let picture, !HexText.isSHA256(picture) {
            throw ProtocolError(.invalidData, "data.picture must be a SHA-256 hash (64 lowercase hex digits), as POST /api/thumbnails returns it")
        }
        email = try fields.optionalString("email", maxLength: 254) ?? ""
        phone = try fields.optionalString("phone", maxLength: 40) ?? ""
        coverType = try fields.optionalString("coverType", maxLength: 64) ?? ""
        coverHeight = try fields.number("coverHeight", in: 0...100_000)
        self.reporter = reporter.name
        anonymous = reporter.isAnonymous
    }
}
