import Foundation

/// The four commands of the legacy flood XML protocol, by their wire names.
public enum FloodCommand: String, Sendable, Hashable, Codable, CaseIterable {
    /// `GetRegions`: every region with its boundaries.
    case getRegions = "GetRegions"
    /// `GetEventsByBoundaryID`: the events of a boundary.
    case getEventsByBoundaryID = "GetEventsByBoundaryID"
    /// `GetMarkerFile`: where the KML marker file of an event in a boundary is.
    case getMarkerFile = "GetMarkerFile"
    /// `SubmitMarker`: a new marker, with an optional photo.
    case submitMarker = "SubmitMarker"
}

/// A request a flood client POSTs, wrapped in `<phone>`.
public enum FloodRequest: Sendable, Hashable {
    /// Asks for every region with its boundaries.
    case getRegions
    /// Asks for the events of boundary `boundaryID`.
    case getEventsByBoundaryID(boundaryID: Int)
    /// Asks where the marker file of event `eventID` in boundary `boundaryID` is.
    case getMarkerFile(eventID: Int, boundaryID: Int)
    /// Submits a marker.
    case submitMarker(FloodMarkerSubmission)

    /// The command the request makes.
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
    /// What the reporter observed.
    public var observation: FloodObservation
    /// The photo's bytes (JPEG, PNG or WebP); nil without one.
    public var image: Data?

    /// A submission of `observation`, with `image` when there is one.
    public init(observation: FloodObservation, image: Data? = nil) {
        self.observation = observation
        self.image = image
    }
}

/// The server's answer, wrapped in `<server>`.
public enum FloodResponse: Sendable, Hashable {
    /// The regions, each with its boundaries.
    case regions([FloodRegion])
    /// The events of boundary `boundaryID`.
    case events(boundaryID: Int, [FloodEvent])
    /// Where to fetch the KML marker file of one event in one boundary.
    case markerFile(eventID: Int, boundaryID: Int, url: String)
    /// The outcome of a submission.
    case submitMarker(FloodSubmitResult)
    /// The command was refused; `message` says why.
    case failure(FloodCommand, message: String)

    /// The command the response answers.
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
    /// How the submission went: `marker-added`, `marker-and-image-added` or `failed`.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// The marker was added, without an image.
        case markerAdded = "marker-added"
        /// The marker and its image were added.
        case markerAndImageAdded = "marker-and-image-added"
        /// Nothing was added; `message` says why.
        case failed
    }

    /// How the submission went.
    public var status: Status
    /// What the server said of it, for people.
    public var message: String

    /// A result with `status` and `message`.
    public init(status: Status, message: String) {
        self.status = status
        self.message = message
    }
}
