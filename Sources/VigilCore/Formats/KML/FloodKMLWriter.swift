import Foundation

/// Writes a flood marker file as KML 2.2 that Google Earth and other readers display: one icon
/// style per severity, one Placemark per marker with its fields in `<ExtendedData>`.
public enum FloodKMLWriter {
    /// Google's paddle icons, green (1) to purple (5).
    public static func defaultIconURL(for severity: FloodSeverity) -> String {
        let colours = ["grn", "ylw", "orange", "red", "purple"]
        return "https://maps.google.com/mapfiles/kml/paddle/\(colours[severity.level - 1])-circle.png"
    }

    /// The KML document (`FloodKMLStream`). Write `file` with `redactingContact()` markers for public readers.
    public static func write(
        _ file: FloodMarkerFile, iconURL: (FloodSeverity) -> String = defaultIconURL(for:)
    ) -> Data {
        var stream = FloodKMLStream(name: file.name, expectedMarkers: file.markers.count, iconURL: iconURL)
        for marker in file.markers { stream.append(marker) }
        return Data(stream.finish())
    }
}
