/// A refusal by one of the format parsers, naming where the input went wrong.
public struct FormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The formats whose parsers refuse with a `FormatError`, named as the refusal's text names them.
    public enum Format: String, Sendable {
        /// The legacy flood XML protocol.
        case floodXML = "flood XML"
        /// A flood marker KML file.
        case kml = "KML"
        /// The iSurveillance camera topology JSON.
        case cameraTopology = "camera topology"
        /// The iCoseg scribble text.
        case scribble = "scribble"
        /// A detections batch (JSON).
        case detections = "detections batch"
    }

    /// The format of the refused input.
    public let format: Format
    /// 1-based line of the input, when the parser knows it.
    public let line: Int?
    /// Path of the field, e.g. `Cams[2].Cam_neighborhood_up` or `server/response/url`.
    public let field: String?
    /// What is wrong, such as "expected WIDTHxHEIGHT with positive whole pixels".
    public let message: String

    /// A refusal of `format` input, placed at `line` and `field` when known.
    public init(_ format: Format, line: Int? = nil, field: String? = nil, _ message: String) {
        self.format = format
        self.line = line
        self.field = field
        self.message = message
    }

    /// The format, then the line and the field when known, then the message: `camera topology, field Cams[0].Cam_id: ...`.
    public var description: String {
        var place = [format.rawValue]
        if let line { place.append("line \(line)") }
        if let field { place.append("field \(field)") }
        return place.joined(separator: ", ") + ": " + message
    }
}
