import Foundation

/// Reads a flood marker KML file: every Placemark at any depth (Document, Folder), its severity
/// from `styleUrl`, its location from `Point/coordinates` (lon,lat), and the `mark:` fields of
/// `ExtendedData`. Namespace prefixes are not checked: elements are matched by local name.
public enum FloodKMLParser {
    private typealias N = FloodKMLName

    /// Reads a marker file; throws a `FormatError` naming the element at fault, or when the document breaks `limits`.
    public static func parse(_ data: Data, limits: XMLLimits = XMLLimits()) throws(FormatError) -> FloodMarkerFile {
        let root = XMLCursor(root: try SafeXMLReader.read(data, format: .kml, limits: limits), format: .kml)
        try root.expectName("kml")
        let document = try root.optionalChild("Document") ?? root
        return FloodMarkerFile(name: try document.optionalText("name"), markers: try root.descendants("Placemark").map(marker))
    }

    private static func marker(_ placemark: XMLCursor) throws(FormatError) -> FloodMarker {
        let id = try id(placemark)
        let fields = try placemark.child("ExtendedData")
        let observation = FloodObservation(
            location: try placemark.child("Point").child("coordinates").value(GeoPoint.parse(kmlCoordinates:)),
            observationTime: try fields.timestamp(N.observationTime),
            severity: try placemark.child("styleUrl").value(severity),
            comment: try fields.optionalText(N.comment),
            email: try fields.optionalText(N.email),
            phoneNumber: try fields.optionalText(N.phoneNumber),
            coverType: try fields.optionalText(N.coverType),
            coverHeight: try fields.optionalText(N.coverHeight).isEmpty
                ? nil : try fields.child(N.coverHeight).value(FloodXMLParser.parseCoverHeight))
        return FloodMarker(
            id: id, observation: observation, uploadTime: try fields.timestamp(N.uploadTime),
            valid: try fields.child(N.valid).value(valid), imageURL: try fields.optionalText(N.imageURL))
    }

    private static func id(_ placemark: XMLCursor) throws(FormatError) -> Int {
        let text = placemark.node.attributes["id"] ?? ""
        let digits = text.hasPrefix(N.placemarkIDPrefix) ? String(text.dropFirst(N.placemarkIDPrefix.count)) : text
        guard let id = Int(digits) else {
            throw placemark.error("Placemark id must be \(N.placemarkIDPrefix)<number> or a number, found \"\(text)\"")
        }
        return id
    }

    /// `#sever_4`, or any URL ending in that fragment.
    private static func severity(_ styleURL: String) throws(InvalidValue) -> FloodSeverity {
        guard let hash = styleURL.lastIndex(of: "#"), styleURL[styleURL.index(after: hash)...].hasPrefix(N.stylePrefix)
        else { throw InvalidValue("styleUrl must name a severity style like #\(N.stylePrefix)3, found \"\(styleURL)\"") }
        return try FloodSeverity.parse(String(styleURL[styleURL.index(after: hash)...].dropFirst(N.stylePrefix.count)))
    }

    private static func valid(_ text: String) throws(InvalidValue) -> Bool {
        switch text {
        case "t": return true
        case "f": return false
        default: throw InvalidValue("Valid must be t or f, found \"\(text)\"")
        }
    }
}
