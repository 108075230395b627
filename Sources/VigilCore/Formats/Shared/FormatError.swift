/// A refusal by one of the format parsers, naming where the input went wrong.
public struct FormatError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Format: String, Sendable {
        case floodXML = "flood XML"
        case kml = "KML"
        case cameraTopology = "camera topology"
        case scribble = "scribble"
        case detections = "detections batch"
    }

    public let format: Format
    /// 1-based line of the input, when the parser knows it.
    public let line: Int?
    /// Path of the field, e.g. `Cams[2].Cam_neighborhood_up` or `server/response/url`.
    public let field: String?
    public let message: String

    public init(_ format: Format, line: Int? = nil, field: String? = nil, _ message: String) {
        self.format = format
        self.line = line
        self.field = field
        self.message = message
    }

    public var description: String {
        var place = [format.rawValue]
        if let line { place.append("line \(line)") }
        if let field { place.append("field \(field)") }
        return place.joined(separator: ", ") + ": " + message
    }
}
