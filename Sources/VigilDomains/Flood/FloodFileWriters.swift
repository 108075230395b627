import Foundation
import VigilCore

/// Writes a marker file record by record as the rows are read: KML or GeoJSON.
protocol FloodFileWriter {
    mutating func append(_ marker: FloodMarkerRecord)
    /// A marker a delta reports as removed since.
    mutating func appendRemoval(_ marker: FloodMarkerRecord)
    consuming func finish() -> [UInt8]
}

/// The KML marker file of the seed's format (docs/formats.md §2): a style per severity, the `mark:`
/// fields, no contact; times in the region's zone, the photo's address on the hub (its flood photo
/// path, which the plain-HTTP listener serves too: the old app cannot follow a link to the TLS port).
struct FloodKMLFileWriter: FloodFileWriter {
    private var stream: FloodKMLStream
    private let zone: TimeZone
    private let thumbnails: String

    init(name: String, timeZone: String, origin: String, expectedMarkers: Int) {
        stream = FloodKMLStream(name: name, expectedMarkers: expectedMarkers)
        zone = TimeZone(identifier: timeZone) ?? .gmt
        thumbnails = "\(origin)/\(FloodRoutes.photoPath)/"
    }

    mutating func append(_ record: FloodMarkerRecord) {
        guard var marker = marker(record) else { return }
        marker.observation.comment = record.description
        marker.observation.coverType = record.coverType
        marker.observation.coverHeight = record.coverHeight
        marker.imageURL = record.picture.map { thumbnails + $0 } ?? ""
        stream.append(marker)
    }

    /// The seed's own word for a marker not to show, `mark:Valid` f, with the fields a reader
    /// needs and nothing of what the reporter said.
    mutating func appendRemoval(_ record: FloodMarkerRecord) {
        guard var marker = marker(record) else { return }
        marker.valid = false
        stream.append(marker)
    }

    /// The marker's number, place, severity and times. The table's checks keep the place and the
    /// severity valid; a row edited by hand into nonsense is left out.
    private func marker(_ record: FloodMarkerRecord) -> FloodMarker? {
        guard let point = try? GeoPoint(latitude: record.latitude, longitude: record.longitude), let severity = FloodSeverity(record.severity) else {
            return nil
        }
        let observation = FloodObservation(location: point, observationTime: FloodMarkerFiles.local(record.observedAt, zone), severity: severity)
        return FloodMarker(id: Int(record.id), observation: observation, uploadTime: FloodMarkerFiles.local(record.submittedAt, zone), valid: true)
    }

    consuming func finish() -> [UInt8] { stream.finish() }
}

/// A GeoJSON FeatureCollection (RFC 7946: coordinates are longitude, latitude) of public markers,
/// written with its keys in canonical (sorted) order, a feature at a time. A delta carries the
/// numbers of the markers removed since as `removed`, a member of the collection (RFC 7946 §6.1:
/// readers that do not know it ignore it, and draw nothing where a marker was). Every file carries
/// `head`, the region topic's `seq` it is as of: a reader without a connection asks for the next
/// delta with `?since=` that.
struct FloodGeoJSONFileWriter: FloodFileWriter {
    private var bytes: [UInt8] = Array(#"{"features":["#.utf8)
    private let name: String
    private let head: UInt64
    private var first = true
    private var removed: [Int64]?

    init(name: String, head: UInt64, delta: Bool) {
        self.name = name
        self.head = head
        removed = delta ? [] : nil
    }

    mutating func appendRemoval(_ record: FloodMarkerRecord) {
        removed?.append(record.id)
    }

    mutating func append(_ record: FloodMarkerRecord) {
        let properties = FloodWire.MarkerProperties(
            id: record.id, event: record.event, severity: record.severity, description: record.description, observedAt: record.observedAt,
            submittedAt: record.submittedAt, picture: record.picture, coverType: record.coverType.isEmpty ? nil : record.coverType,
            coverHeight: record.coverHeight)
        let feature = FloodWire.MarkerFeature(
            id: record.id, geometry: FloodWire.PointGeometry(latitude: record.latitude, longitude: record.longitude), properties: properties)
        // Only a number JSON cannot write (a row edited by hand into nonsense) fails: left out, as in KML.
        guard let text = try? JSONValue.canonicalText(of: feature) else { return }
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        bytes.append(contentsOf: text.utf8)
    }

    /// The collection's other members after its features, in canonical (sorted) order.
    consuming func finish() -> [UInt8] {
        bytes.append(contentsOf: #"],"head":\#(head),"name":"#.utf8)
        bytes.append(contentsOf: JSONValue.string(name).canonicalText.utf8)
        if let removed {
            bytes.append(contentsOf: #","removed":"#.utf8)
            bytes.append(contentsOf: JSONValue.array(removed.map(JSONValue.init)).canonicalText.utf8)
        }
        bytes.append(contentsOf: #","type":"FeatureCollection"}"#.utf8)
        return bytes
    }
}
