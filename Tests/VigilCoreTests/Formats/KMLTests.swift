import Foundation
import Testing

@testable import VigilCore

@Suite("Flood KML")
struct KMLTests {
    private typealias F = FloodFixtures

    private func refusal(_ text: String) -> FormatError? {
        VigilCoreTests.refusal { _ = try FloodKMLParser.parse(Data(text.utf8)) }
    }

    @Test func parsesTheSeedsPlacemark() throws {
        let file = try FloodKMLParser.parse(Golden.data("KML/seed-markers.kml"))
        #expect(file == FloodMarkerFile(name: "Fargo 2010", markers: [F.seedMarker]))
    }

    @Test func writesTheGoldenFileWithEscapedUserText() throws {
        let file = FloodMarkerFile(name: "Fargo 2010", markers: [F.seedMarker, F.hostileTextMarker])
        let written = FloodKMLWriter.write(file)
        #expect(String(decoding: written, as: UTF8.self) == (try Golden.text("KML/markers.written.kml")))
        #expect(try FloodKMLParser.parse(written) == file)
    }

    @Test func roundTripsRandomMarkers() throws {
        var random = SeededRandom(seed: 41)
        let alphabet = Array("abc XYZ<>&\"'/;]]>\n\té中🌊")
        for _ in 0..<50 {
            let markers = (0..<Int.random(in: 0...5, using: &random)).map { index in
                let text = String((0..<Int.random(in: 0...20, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
                    .trimmingASCIIWhitespace()
                return FloodMarker(
                    id: index,
                    observation: FloodObservation(
                        location: F.point(random.double(-90...90), random.double(-180...180)),
                        observationTime: F.time("2011-04-0\(index + 1) 12:34:56"),
                        severity: FloodSeverity(Int.random(in: 1...5, using: &random))!, comment: text, email: text,
                        phoneNumber: text, coverType: text, coverHeight: Bool.random(using: &random) ? random.double(0...10) : nil),
                    uploadTime: F.time("2011-04-10"), valid: Bool.random(using: &random), imageURL: text)
            }
            let file = FloodMarkerFile(name: "event & boundary", markers: markers)
            #expect(try FloodKMLParser.parse(FloodKMLWriter.write(file)) == file)
        }
    }

    @Test func redactingRemovesTheReportersContact() throws {
        let written = String(
            decoding: FloodKMLWriter.write(FloodMarkerFile(name: "public", markers: [F.seedMarker.redactingContact()])), as: UTF8.self)
        #expect(!written.contains("555555"))
        #expect(written.contains("Puddles on the road"))
    }

    @Test func readsPlacemarksInsideFoldersAndAltitude() throws {
        let file = try FloodKMLParser.parse(
            Data(
                """
                <kml xmlns="http://www.opengis.net/kml/2.2"><Document><Folder>
                <Placemark id="marker-12"><styleUrl>markers.kml#sever_2</styleUrl>
                <Point><coordinates>-96.5,46.5,250</coordinates></Point>
                <ExtendedData xmlns:m="http://flood.cs.ndsu.nodak.edu"><m:ObservationTime>2010-03-11 15:53:41</m:ObservationTime>
                <m:UploadTime>2010-03-11 16:00:00</m:UploadTime><m:Valid>f</m:Valid></ExtendedData>
                </Placemark></Folder></Document></kml>
                """.utf8))
        #expect(file.markers.count == 1)
        #expect(file.markers[0].id == 12)
        #expect(file.markers[0].observation.severity.level == 2)
        #expect(file.markers[0].observation.location == F.point(46.5, -96.5))
    }

    @Test func refusesLatitudeFirstCoordinates() {
        // A writer that put latitude first would give longitude 46.9 and latitude -96.8: out of range.
        let error = refusal(placemark(coordinates: "46.9,-96.8"))
        #expect(error?.line == 3)
        #expect(error?.field == "kml//Placemark[1]/Point/coordinates")
        #expect(error?.message.contains("latitude -96.8") == true)
    }

    @Test(arguments: [
        ("<styleUrl>#red</styleUrl>", "styleUrl"),
        ("<styleUrl>#sever_9</styleUrl>", "styleUrl"),
    ])
    func refusesUnknownSeverityStyles(_ style: String, _ field: String) {
        let error = refusal(placemark(coordinates: "-96.8,46.9").replacingOccurrences(of: "<styleUrl>#sever_4</styleUrl>", with: style))
        #expect(error?.field == "kml//Placemark[1]/\(field)")
    }

    @Test func refusesAMissingFieldAndABadFlag() {
        let noUpload = placemark(coordinates: "-96.8,46.9").replacingOccurrences(
            of: "<mark:UploadTime>2010-03-11 15:53:41</mark:UploadTime>", with: "")
        #expect(refusal(noUpload)?.message == "missing <UploadTime>")
        let badFlag = placemark(coordinates: "-96.8,46.9").replacingOccurrences(
            of: "<mark:Valid>t</mark:Valid>", with: "<mark:Valid>yes</mark:Valid>")
        #expect(refusal(badFlag)?.field == "kml//Placemark[1]/ExtendedData/Valid")
        #expect(refusal("<kml><Document><Placemark id=\"x\"/></Document></kml>")?.message.contains("Placemark id") == true)
        #expect(refusal("<gpx/>")?.message == "expected <kml>, found <gpx>")
    }

    private func placemark(coordinates: String) -> String {
        """
        <kml xmlns="http://www.opengis.net/kml/2.2"><Document>
        <Placemark id="0"><styleUrl>#sever_4</styleUrl><Point>
        <coordinates>\(coordinates)</coordinates></Point>
        <ExtendedData xmlns:mark="http://flood.cs.ndsu.nodak.edu">
        <mark:ObservationTime>2010-03-11 15:53:41</mark:ObservationTime><mark:UploadTime>2010-03-11 15:53:41</mark:UploadTime>
        <mark:Valid>t</mark:Valid></ExtendedData></Placemark></Document></kml>
        """
    }
}
