import Foundation

/// Writes a flood marker file as KML 2.2 that Google Earth and other readers display: one icon
/// style per severity, one Placemark per marker with its fields in `<ExtendedData>`.
public enum FloodKMLWriter {
    private typealias N = FloodKMLName

    /// Google's paddle icons, green (1) to purple (5).
    public static func defaultIconURL(for severity: FloodSeverity) -> String {
        let colours = ["grn", "ylw", "orange", "red", "purple"]
        return "https://maps.google.com/mapfiles/kml/paddle/\(colours[severity.level - 1])-circle.png"
    }

    /// The KML document. Write `file` with `redactingContact()` markers for public readers.
    public static func write(
        _ file: FloodMarkerFile, iconURL: (FloodSeverity) -> String = defaultIconURL(for:)
    ) -> Data {
        var xml = XMLWriter()
        xml.start("kml", [("xmlns", N.kmlNamespace)])
        xml.start("Document")
        xml.leaf("name", file.name)
        for severity in FloodSeverity.levels.compactMap(FloodSeverity.init) {
            xml.start("Style", [("id", N.stylePrefix + String(severity.level))])
            xml.start("IconStyle")
            xml.start("Icon")
            xml.leaf("href", iconURL(severity))
            xml.end()
            xml.end()
            xml.end()
        }
        for marker in file.markers { write(marker, to: &xml) }
        xml.end()
        xml.end()
        return Data(xml.text.utf8)
    }

    /// Elements follow the order the KML 2.2 schema requires (ExtendedData before the geometry).
    private static func write(_ marker: FloodMarker, to xml: inout XMLWriter) {
        let observation = marker.observation
        xml.start("Placemark", [("id", N.placemarkIDPrefix + String(marker.id))])
        xml.leaf("styleUrl", "#" + N.stylePrefix + String(observation.severity.level))
        xml.start("ExtendedData", [("xmlns:" + N.markPrefix, N.markNamespace)])
        let fields: [(String, String)] = [
            (N.observationTime, observation.observationTime.description),
            (N.uploadTime, marker.uploadTime.description),
            (N.email, observation.email),
            (N.phoneNumber, observation.phoneNumber),
            (N.valid, marker.valid ? "t" : "f"),
            (N.comment, observation.comment),
            (N.imageURL, marker.imageURL),
            (N.coverType, observation.coverType),
            (N.coverHeight, observation.coverHeight.map(NumberText.format) ?? ""),
        ]
        for (name, value) in fields { xml.leaf(N.markPrefix + ":" + name, value) }
        xml.end()
        xml.start("Point")
        xml.leaf("coordinates", observation.location.kmlCoordinatesText)
        xml.end()
        xml.end()
    }
}
