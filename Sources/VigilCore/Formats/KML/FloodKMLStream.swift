/// Writes a flood marker KML file marker by marker, straight into bytes, for files of a hundred
/// thousand markers: no indentation (a line a Placemark), the `mark:` namespace declared once on
/// `<kml>`, the five severity styles once at the top and referred to by each Placemark, and the
/// optional `mark:` fields left out when empty (a reader takes a missing one as empty).
public struct FloodKMLStream {
    private typealias N = FloodKMLName
    private var xml: XMLBytes

    /// Starts the document: the `<kml>` and `<Document>` elements, the event's name, the styles.
    /// `expectedMarkers` sizes the buffer up front.
    public init(name: String, expectedMarkers: Int = 0, iconURL: (FloodSeverity) -> String = FloodKMLWriter.defaultIconURL(for:)) {
        xml = XMLBytes(reservingCapacity: 1024 + expectedMarkers * 400)
        xml.markup("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<kml xmlns=\"")
        xml.markup(N.kmlNamespace)
        xml.markup("\" xmlns:")
        xml.markup(N.markPrefix)
        xml.markup("=\"")
        xml.markup(N.markNamespace)
        xml.markup("\"><Document><name>")
        xml.text(name)
        xml.markup("</name>\n")
        for severity in FloodSeverity.levels.compactMap(FloodSeverity.init) {
            xml.markup("<Style id=\"")
            xml.markup(N.stylePrefix)
            xml.decimal(severity.level)
            xml.markup("\"><IconStyle><Icon><href>")
            xml.text(iconURL(severity))
            xml.markup("</href></Icon></IconStyle></Style>\n")
        }
    }

    /// One Placemark; its elements in the order the KML 2.2 schema requires (ExtendedData before
    /// the geometry).
    public mutating func append(_ marker: FloodMarker) {
        let observation = marker.observation
        xml.markup("<Placemark id=\"")
        xml.markup(N.placemarkIDPrefix)
        xml.decimal(marker.id)
        xml.markup("\"><styleUrl>#")
        xml.markup(N.stylePrefix)
        xml.decimal(observation.severity.level)
        xml.markup("</styleUrl><ExtendedData>")
        field(N.observationTime) { observation.observationTime.write(to: &$0) }
        field(N.uploadTime) { marker.uploadTime.write(to: &$0) }
        optionalField(N.email, observation.email)
        optionalField(N.phoneNumber, observation.phoneNumber)
        field(N.valid) { $0.markup(marker.valid ? "t" : "f") }
        optionalField(N.comment, observation.comment)
        optionalField(N.imageURL, marker.imageURL)
        optionalField(N.coverType, observation.coverType)
        if let height = observation.coverHeight {
            field(N.coverHeight) { $0.markup(NumberText.format(height)) }
        }
        xml.markup("</ExtendedData><Point><coordinates>")
        xml.markup(NumberText.format(observation.location.longitude))
        xml.markup(",")
        xml.markup(NumberText.format(observation.location.latitude))
        xml.markup("</coordinates></Point></Placemark>\n")
    }

    /// Ends the document and hands over its bytes.
    public consuming func finish() -> [UInt8] {
        xml.markup("</Document></kml>\n")
        return xml.bytes
    }

    private mutating func optionalField(_ name: String, _ value: String) {
        guard !value.isEmpty else { return }
        field(name) { $0.text(value) }
    }

    /// `<mark:NAME>` ... `</mark:NAME>` around what `content` writes.
    private mutating func field(_ name: String, _ content: (inout XMLBytes) -> Void) {
        xml.markup("<")
        xml.markup(N.markPrefix)
        xml.markup(":")
        xml.markup(name)
        xml.markup(">")
        content(&xml)
        xml.markup("</")
        xml.markup(N.markPrefix)
        xml.markup(":")
        xml.markup(name)
        xml.markup(">")
    }
}
