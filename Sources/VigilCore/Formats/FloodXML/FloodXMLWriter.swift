import Foundation

/// Writes the flood XML protocol in the layout `FloodXMLParser` reads.
public enum FloodXMLWriter {
    private typealias E = FloodXMLElement

    /// A `<phone>` request document.
    public static func write(_ request: FloodRequest) -> Data {
        var xml = XMLWriter()
        xml.start(E.request)
        xml.leaf(E.command, request.command.rawValue)
        switch request {
        case .getRegions:
            break
        case .getEventsByBoundaryID(let boundaryID):
            xml.leaf(E.boundaryID, String(boundaryID))
        case .getMarkerFile(let eventID, let boundaryID):
            xml.leaf(E.eventID, String(eventID))
            xml.leaf(E.boundaryID, String(boundaryID))
        case .submitMarker(let submission):
            xml.start(E.marker)
            write(submission.observation, to: &xml)
            if let image = submission.image { xml.leaf(E.image, image.base64EncodedString()) }
            xml.end()
        }
        xml.end()
        return Data(xml.text.utf8)
    }

    /// A `<server>` response document.
    public static func write(_ response: FloodResponse) -> Data {
        var xml = XMLWriter()
        xml.start(E.response)
        xml.leaf(E.command, response.command.rawValue)
        if case .failure(_, let message) = response {
            xml.leaf(E.error, message)
        } else {
            xml.start(E.body)
            writeBody(response, to: &xml)
            xml.end()
        }
        xml.end()
        return Data(xml.text.utf8)
    }

    private static func writeBody(_ response: FloodResponse, to xml: inout XMLWriter) {
        switch response {
        case .regions(let regions):
            xml.start(E.regions)
            for region in regions { write(region, to: &xml) }
            xml.end()
        case .events(let boundaryID, let events):
            xml.leaf(E.boundaryID, String(boundaryID))
            xml.start(E.events)
            for event in events { write(event, to: &xml) }
            xml.end()
        case .markerFile(let eventID, let boundaryID, let url):
            xml.leaf(E.eventID, String(eventID))
            xml.leaf(E.boundaryID, String(boundaryID))
            xml.leaf(E.url, url)
        case .submitMarker(let result):
            xml.leaf(E.status, result.status.rawValue)
            xml.leaf(E.message, result.message)
        case .failure:
            break
        }
    }

    private static func write(_ region: FloodRegion, to xml: inout XMLWriter) {
        xml.start(E.region)
        xml.leaf(E.id, String(region.id))
        xml.leaf(E.name, region.name)
        xml.start(E.boundaries)
        for boundary in region.boundaries {
            xml.start(E.boundary)
            xml.leaf(E.id, String(boundary.id))
            xml.leaf(E.name, boundary.name)
            xml.leaf(E.northWest, boundary.box.northWest.latLongText)
            xml.leaf(E.southEast, boundary.box.southEast.latLongText)
            xml.end()
        }
        xml.end()
        xml.end()
    }

    private static func write(_ event: FloodEvent, to xml: inout XMLWriter) {
        xml.start(E.event)
        xml.leaf(E.id, String(event.id))
        xml.leaf(E.name, event.name)
        xml.leaf(E.start, event.start.description)
        xml.leaf(E.end, event.end?.description ?? "")
        xml.leaf(E.type, event.type)
        xml.end()
    }

    private static func write(_ observation: FloodObservation, to xml: inout XMLWriter) {
        xml.leaf(E.location, observation.location.latLongText)
        xml.leaf(E.observationTime, observation.observationTime.description)
        xml.leaf(E.severity, String(observation.severity.level))
        xml.leaf(E.comment, observation.comment)
        xml.leaf(E.email, observation.email)
        xml.leaf(E.phoneNumber, observation.phoneNumber)
        xml.leaf(E.coverType, observation.coverType)
        xml.leaf(E.coverHeight, observation.coverHeight.map(NumberText.format) ?? "")
    }
}
