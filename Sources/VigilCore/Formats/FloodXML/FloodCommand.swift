import Foundation

/// The four commands of the legacy flood XML protocol, by their wire names.
public enum FloodCommand: String, Sendable, Hashable, Codable, CaseIterable {
    case getRegions = "GetRegions"
    case getEventsByBoundaryID = "GetEventsByBoundaryID"
    case getMarkerFile = "GetMarkerFile"
    case submitMarker = "SubmitMarker"
}

/// A request a flood client POSTs, wrapped in `<phone>`.
public enum FloodRequest: Sendable, Hashable {
    case getRegions
    case getEventsByBoundaryID(boundaryID: Int)
    case getMarkerFile(eventID: Int, boundaryID: Int)
    case submitMarker(FloodMarkerSubmission)

    public var command: FloodCommand {
        switch self {
        case .getRegions: .getRegions
        case .getEventsByBoundaryID: .getEventsByBoundaryID
        case .getMarkerFile: .getMarkerFile
        case .submitMarker: .submitMarker
        }
    }
}

/// A new marker from a reporter, with an optional photo (sent base64-encoded).
public struct FloodMarkerSubmission: Sendable, Hashable {
    public var observation: FloodObservation
    public var image: Data?

    public init(observation: FloodObservation, image: Data? = nil) {
        self.observation = observation
        self.image = image
    }
}

/// The server's answer, wrapped in `<server>`.
public enum FloodResponse: Sendable, Hashable {
    case regions([FloodRegion])
    case events(boundaryID: Int, [FloodEvent])
    /// Where to fetch the KML marker file of one event in one boundary.
    case markerFile(eventID: Int, boundaryID: Int, url: String)
    case submitMarker(FloodSubmitResult)
    /// The command was refused; `message` says why.
    case failure(FloodCommand, message: String)

    public var command: FloodCommand {
        switch self {
        case .regions: .getRegions
        case .events: .getEventsByBoundaryID
        case .markerFile: .getMarkerFile
        case .submitMarker: .submitMarker
        case .failure(let command, _): command
        }
    }
}

/// The outcome of SubmitMarker: the seed's server said whether the marker, or the marker and
/// its image, were added.
public struct FloodSubmitResult: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable, CaseIterable {
        case markerAdded = "marker-added"
        case markerAndImageAdded = "marker-and-image-added"
        case failed
    }

    public var status: Status
    public var message: String

    public init(status: Status, message: String) {
        self.status = status
        self.message = message
    }
}
