/// The KML marker file of one flood event in one boundary: a named list of markers.
public struct FloodMarkerFile: Sendable, Hashable, Codable {
    /// The file's name, as its `Document/name` gives it.
    public var name: String
    /// The markers, in the file's order.
    public var markers: [FloodMarker]

    /// A marker file named `name` holding `markers`.
    public init(name: String, markers: [FloodMarker]) {
        self.name = name
        self.markers = markers
    }
}

/// Names of the KML marker file, shared by its parser and writer.
enum FloodKMLName {
    static let kmlNamespace = "http://www.opengis.net/kml/2.2"
    /// The seed's namespace for the marker fields in `<ExtendedData>`, bound to the prefix `mark`.
    static let markNamespace = "http://flood.cs.ndsu.nodak.edu"
    static let markPrefix = "mark"
    /// Style ids are `sever_1` ... `sever_5`; a placemark refers to one as `#sever_4`.
    static let stylePrefix = "sever_"
    /// Placemark ids are written `marker-35`; a bare number (as in the seed) is read too.
    static let placemarkIDPrefix = "marker-"

    static let observationTime = "ObservationTime", uploadTime = "UploadTime", email = "Email"
    static let phoneNumber = "PhoneNumber", valid = "Valid", comment = "UserComment", imageURL = "ImageUrl"
    static let coverType = "CoverType", coverHeight = "CoverHeight"
}
