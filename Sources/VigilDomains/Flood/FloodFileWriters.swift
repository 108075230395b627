import Foundation
import VigilCore

/// Writes a marker file record by record as the rows are read: KML or GeoJSON.
protocol FloodFileWriter {
    mutating func append(_ marker: FloodMarkerRecord)
    consuming func finish() -> [UInt8]
}

/// The KML marker file of the seed's format (docs/formats.md §2): a style per severity, the `mark:`
/// fields, no contact; times in the region's zone, the photo's address on the hub.
struct FloodKMLFileWriter: FloodFileWriter {
    private var stream: FloodKMLStream
    private let zone: TimeZone
    private let thumbnails: String

    init(name: String, timeZone: String, origin: String, expectedMarkers: Int) {
        stream = FloodKMLStream(name: name, expectedMarkers: expectedMarkers)
        zone = TimeZone(identifier: timeZone) ?? .gmt
        thumbnails = "\(origin)/thumbnails/"
    }

    mutating func append(_ record: FloodMarkerRecord) {
        // The table's checks keep both valid; a row edited by hand into nonsense is left out.
        guard let point = try? GeoPoint(latitude: record.latitude, longitude: record.longitude), let severity = FloodSeverity(record.severity) else {
            return
        }
        let observation = FloodObservation(
            location: point, observationTime: FloodMarkerFiles.local(record.observedAt, zone), severity: severity, comment: record.description,
            coverType: record.coverType, coverHeight: record.coverHeight)
        stream.append(FloodMarker(
            id: Int(record.id), observation: observation, uploadTime: FloodMarkerFiles.local(record.submittedAt, zone), valid: true,
            imageURL: record.picture.map { thumbnails + $0 } ?? ""))
    }

    consuming func finish() -> [UInt8] { stream.finish() }
}

/// A GeoJSON FeatureCollection (RFC 7946: coordinates are longitude, latitude) of public markers,
/// written with its keys in canonical (sorted) order, a feature at a time.
struct FloodGeoJSONFileWriter: FloodFileWriter {
    private var bytes: [UInt8] = Array(#"{"features":["#.utf8)
    private let name: String
    private var first = true

    init(name: String) {
        self.name = name
    }

    mutating func append(_ record: FloodMarkerRecord) {
        guard case .object(var properties) = record.publicJSON else { return }
        properties["latitude"] = nil
        properties["longitude"] = nil
        let feature: JSONValue = [
            "type": "Feature", "id": .number(Double(record.id)),
            "geometry": ["type": "Point", "coordinates": [.number(record.longitude), .number(record.latitude)]],
            "properties": .object(properties),
        ]
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        bytes.append(contentsOf: feature.canonicalText.utf8)
    }

    consuming func finish() -> [UInt8] {
        bytes.append(contentsOf: #"],"name":"#.utf8)
        bytes.append(contentsOf: JSONValue.string(name).canonicalText.utf8)
        bytes.append(contentsOf: #","type":"FeatureCollection"}"#.utf8)
        return bytes
    }
}
