import Foundation

/// Reads the flood XML protocol. Every refusal is a `FormatError` naming the line and the
/// element path; DTDs and entities are refused before parsing (see `SafeXMLReader`).
public enum FloodXMLParser {
    private typealias E = FloodXMLElement

    /// Parses a `<phone>` request.
    public static func parseRequest(_ data: Data, limits: XMLLimits = XMLLimits()) throws(FormatError) -> FloodRequest {
        let root = try envelope(data, name: E.request, limits: limits)
        switch try command(root) {
        case .getRegions:
            return .getRegions
        case .getEventsByBoundaryID:
            return .getEventsByBoundaryID(boundaryID: try root.int(E.boundaryID))
        case .getMarkerFile:
            return .getMarkerFile(eventID: try root.int(E.eventID), boundaryID: try root.int(E.boundaryID))
        case .submitMarker:
            let marker = try root.child(E.marker)
            return .submitMarker(FloodMarkerSubmission(observation: try observation(marker), image: try image(marker)))
        }
    }

    /// Parses a `<server>` response.
    public static func parseResponse(_ data: Data, limits: XMLLimits = XMLLimits()) throws(FormatError) -> FloodResponse {
        let root = try envelope(data, name: E.response, limits: limits)
        let command = try command(root)
        if let error = try root.optionalChild(E.error) {
            return .failure(command, message: error.text)
        }
        let body = try root.child(E.body)
        switch command {
        case .getRegions:
            return .regions(try body.child(E.regions).children(E.region).map(region))
        case .getEventsByBoundaryID:
            let events = try body.child(E.events).children(E.event).map(event)
            return .events(boundaryID: try body.int(E.boundaryID), events)
        case .getMarkerFile:
            let url = try body.text(E.url)
            guard !url.isEmpty else { throw try body.child(E.url).error("the marker file URL is empty") }
            return .markerFile(eventID: try body.int(E.eventID), boundaryID: try body.int(E.boundaryID), url: url)
        case .submitMarker:
            let status = try body.child(E.status).value { text in
                guard let status = FloodSubmitResult.Status(rawValue: text) else {
                    let known = FloodSubmitResult.Status.allCases.map(\.rawValue).joined(separator: ", ")
                    throw InvalidValue("status must be one of \(known), found \"\(text)\"")
                }
                return status
            }
            return .submitMarker(FloodSubmitResult(status: status, message: try body.optionalText(E.message)))
        }
    }

    private static func envelope(_ data: Data, name: String, limits: XMLLimits) throws(FormatError) -> XMLCursor {
        let root = XMLCursor(root: try SafeXMLReader.read(data, format: .floodXML, limits: limits), format: .floodXML)
        try root.expectName(name)
        return root
    }

    private static func command(_ root: XMLCursor) throws(FormatError) -> FloodCommand {
        try root.child(E.command).value { text in
            guard let command = FloodCommand(rawValue: text) else {
                let known = FloodCommand.allCases.map(\.rawValue).joined(separator: ", ")
                throw InvalidValue("unknown command \"\(text)\"; expected one of \(known)")
            }
            return command
        }
    }

    private static func region(_ node: XMLCursor) throws(FormatError) -> FloodRegion {
        FloodRegion(
            id: try node.int(E.id), name: try node.text(E.name),
            boundaries: try node.child(E.boundaries).children(E.boundary).map(boundary))
    }

    private static func boundary(_ node: XMLCursor) throws(FormatError) -> FloodBoundary {
        let northWest = try node.child(E.northWest).value(GeoPoint.parse(latLong:))
        let southEast = try node.child(E.southEast).value(GeoPoint.parse(latLong:))
        let box = try node.value { _ in try GeoBox(northWest: northWest, southEast: southEast) }
        return FloodBoundary(id: try node.int(E.id), name: try node.text(E.name), box: box)
    }

    private static func event(_ node: XMLCursor) throws(FormatError) -> FloodEvent {
        let start = try node.timestamp(E.start)
        let end = try node.optionalText(E.end).isEmpty ? nil : try node.timestamp(E.end)
        if let end, end < start { throw try node.child(E.end).error("the event ends (\(end)) before it starts (\(start))") }
        return FloodEvent(
            id: try node.int(E.id), name: try node.text(E.name), start: start, end: end, type: try node.optionalText(E.type))
    }

    private static func observation(_ node: XMLCursor) throws(FormatError) -> FloodObservation {
        let coverHeight =
            try node.optionalText(E.coverHeight).isEmpty
            ? nil : try node.child(E.coverHeight).value(parseCoverHeight)
        return FloodObservation(
            location: try node.child(E.location).value(GeoPoint.parse(latLong:)),
            observationTime: try node.timestamp(E.observationTime),
            severity: try node.child(E.severity).value(FloodSeverity.parse),
            comment: try node.optionalText(E.comment), email: try node.optionalText(E.email),
            phoneNumber: try node.optionalText(E.phoneNumber), coverType: try node.optionalText(E.coverType),
            coverHeight: coverHeight)
    }

    private static func image(_ node: XMLCursor) throws(FormatError) -> Data? {
        guard let field = try node.optionalChild(E.image), !field.text.isEmpty else { return nil }
        return try field.value { text in
            guard let bytes = Data(base64Encoded: text.filter { !$0.isWhitespace }) else {
                throw InvalidValue("the image is not valid base64")
            }
            return bytes
        }
    }

    /// A cover height: a finite, non-negative number. Shared with the KML parser.
    static func parseCoverHeight(_ text: String) throws(InvalidValue) -> Double {
        guard let value = NumberText.parseDouble(text), value >= 0 else {
            throw InvalidValue("cover height must be a number, not negative, found \"\(text)\"")
        }
        return value
    }
}
