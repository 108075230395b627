import Foundation
import Testing

@testable import VigilCore

@Suite("Flood XML protocol")
struct FloodXMLTests {
    private typealias F = FloodFixtures

    private func request(_ text: String) throws(FormatError) -> FloodRequest {
        try FloodXMLParser.parseRequest(Data(text.utf8))
    }

    private func response(_ text: String) throws(FormatError) -> FloodResponse {
        try FloodXMLParser.parseResponse(Data(text.utf8))
    }

    @Test func parsesTheSeedsGetRegionsRequest() throws {
        #expect(try FloodXMLParser.parseRequest(Golden.data("FloodXML/get-regions.request.xml")) == .getRegions)
    }

    @Test func parsesTheSeedsGetRegionsResponse() throws {
        let parsed = try FloodXMLParser.parseResponse(Golden.data("FloodXML/get-regions.response.xml"))
        #expect(parsed == .regions([F.northDakota]))
    }

    @Test func writesTheGoldenGetRegionsResponse() throws {
        let written = FloodXMLWriter.write(FloodResponse.regions([F.northDakota]))
        #expect(String(decoding: written, as: UTF8.self) == (try Golden.text("FloodXML/get-regions.response.written.xml")))
    }

    static let requests: [FloodRequest] = [
        .getRegions,
        .getEventsByBoundaryID(boundaryID: 2),
        .getMarkerFile(eventID: 7, boundaryID: 1),
        .submitMarker(FloodMarkerSubmission(observation: FloodFixtures.hostileTextMarker.observation)),
        .submitMarker(FloodMarkerSubmission(observation: FloodFixtures.seedMarker.observation, image: Data([0xFF, 0xD8, 0, 1, 2]))),
    ]

    @Test(arguments: requests)
    func requestsRoundTrip(_ request: FloodRequest) throws {
        #expect(try FloodXMLParser.parseRequest(FloodXMLWriter.write(request)) == request)
    }

    static let responses: [FloodResponse] = [
        .regions([FloodFixtures.northDakota, FloodRegion(id: 9, name: "Empty & new", boundaries: [])]),
        .regions([]),
        .events(
            boundaryID: 1,
            [
                FloodEvent(id: 3, name: "Spring 2010", start: FloodFixtures.time("2010-03-01"), end: FloodFixtures.time("2010-04-15"), type: "major"),
                FloodEvent(id: 4, name: "Spring 2011 <ongoing>", start: FloodFixtures.time("2011-03-20 06:00:00"), end: nil),
            ]),
        .markerFile(eventID: 3, boundaryID: 1, url: "https://flood.example.org/kml/3-1.kml?a=1&b=2"),
        .submitMarker(FloodSubmitResult(status: .markerAndImageAdded, message: "Marker and image added successfully")),
        .failure(.getMarkerFile, message: "no event 99 in boundary 1"),
    ]

    @Test(arguments: responses)
    func responsesRoundTrip(_ response: FloodResponse) throws {
        #expect(try FloodXMLParser.parseResponse(FloodXMLWriter.write(response)) == response)
    }

    @Test func parsesASubmitMarkerAsAnOldClientSendsIt() throws {
        let parsed = try request(
            """
            <phone>
              <command>SubmitMarker</command>
              <marker>
                <location> 46.9028,-96.798 </location>
                <observationtime>2010-03-11 15:53:41</observationtime>
                <severity>3</severity>
                <comment>Road closed</comment>
                <image>/9j/
                AAE=</image>
              </marker>
            </phone>
            """)
        guard case .submitMarker(let submission) = parsed else { return #expect(Bool(false), "got \(parsed)") }
        #expect(submission.observation.location == F.point(46.9028, -96.798))
        #expect(submission.observation.severity.level == 3)
        #expect(submission.observation.email.isEmpty)
        #expect(submission.observation.coverHeight == nil)
        #expect(submission.image == Data([0xFF, 0xD8, 0xFF, 0x00, 0x01]))
    }

    @Test func refusalsNameTheLineAndTheField() {
        let badCorner = refusal {
            _ = try response(
                """
                <server><command>GetRegions</command><response><regions>
                <region><id>1</id><name>ND</name><boundaries>
                <boundary><id>1</id><name>Fargo</name>
                <northwest>95.0,-96.9</northwest><southeast>46.8,-96.75</southeast></boundary>
                </boundaries></region></regions></response></server>
                """)
        }
        #expect(badCorner?.line == 4)
        #expect(badCorner?.field == "server/response/regions/region[1]/boundaries/boundary[1]/northwest")
        #expect(badCorner?.message.contains("latitude 95") == true)

        let upsideDown = refusal {
            _ = try response(
                """
                <server><command>GetRegions</command><response><regions><region><id>1</id><name>ND</name>
                <boundaries><boundary><id>1</id><name>F</name><northwest>40,-96.9</northwest>
                <southeast>46.8,-96.75</southeast></boundary></boundaries></region></regions></response></server>
                """)
        }
        #expect(upsideDown?.message.contains("south of the south edge") == true)
    }

    @Test(arguments: [
        ("<phone><command>DeleteEverything</command></phone>", "phone/command", "unknown command"),
        ("<phone><command>GetEventsByBoundaryID</command></phone>", "phone", "missing <boundaryid>"),
        ("<phone><command>GetEventsByBoundaryID</command><boundaryid>x1</boundaryid></phone>", "phone/boundaryid", "expected an integer"),
        ("<server><command>GetRegions</command></server>", "server", "expected <phone>, found <server>"),
        (
            "<phone><command>SubmitMarker</command><marker><location>46,-96</location><observationtime>2010-02-30 10:00:00</observationtime><severity>2</severity></marker></phone>",
            "phone/marker/observationtime", "yyyy-MM-dd"
        ),
        (
            "<phone><command>SubmitMarker</command><marker><location>46,-96</location><observationtime>2010-02-03</observationtime><severity>6</severity></marker></phone>",
            "phone/marker/severity", "within 1...5"
        ),
        (
            "<phone><command>SubmitMarker</command><marker><location>46;-96</location><observationtime>2010-02-03</observationtime><severity>2</severity></marker></phone>",
            "phone/marker/location", "LAT,LONG"
        ),
        (
            "<phone><command>SubmitMarker</command><marker><location>46,-96</location><observationtime>2010-02-03</observationtime><severity>2</severity><image>@@@</image></marker></phone>",
            "phone/marker/image", "base64"
        ),
        (
            "<phone><command>GetRegions</command><command>SubmitMarker</command></phone>", "phone/command",
            "<command> appears more than once in <phone>"
        ),
        (
            "<phone><command>SubmitMarker</command><marker><location>46,-96</location><location>10,10</location><observationtime>2010-02-03</observationtime><severity>2</severity></marker></phone>",
            "phone/marker/location", "<location> appears more than once"
        ),
    ])
    func refusesBadRequests(_ text: String, _ field: String, _ message: String) {
        let error = refusal { _ = try request(text) }
        #expect(error?.field == field)
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }

    @Test func aSecondRootOrASecondCommandIsRefusedWhereItStarts() {
        let twoRoots = refusal { _ = try request("<phone><command>GetRegions</command></phone>\n<phone><command>SubmitMarker</command></phone>") }
        #expect(refusal { _ = try request("<phone><command>GetRegions</command></phone> <!-- a comment after the root is no root -->\n") } == nil)
        #expect(
            twoRoots?.line == 2 && twoRoots?.message == "content after the root element <phone>: a document has one root element",
            "\(String(describing: twoRoots))")
        let twoCommands = refusal { _ = try request("<phone>\n<command>GetRegions</command>\n<command>GetRegions</command>\n</phone>") }
        #expect(
            twoCommands == FormatError(.floodXML, line: 3, field: "phone/command", "<command> appears more than once in <phone>"),
            "even the same one twice")
    }

    @Test func refusesAnEventThatEndsBeforeItStarts() {
        let error = refusal {
            _ = try response(
                """
                <server><command>GetEventsByBoundaryID</command><response><boundaryid>1</boundaryid><events>
                <event><id>1</id><name>x</name><startdate>2010-03-02</startdate><enddate>2010-03-01</enddate></event>
                </events></response></server>
                """)
        }
        #expect(error?.field == "server/response/events/event[1]/enddate")
    }

    @Test func refusesXXEInAProtocolRequest() {
        let error = refusal {
            _ = try request(
                """
                <?xml version="1.0"?>
                <!DOCTYPE phone [<!ENTITY x SYSTEM "file:///etc/hostname">]>
                <phone><command>&x;</command></phone>
                """)
        }
        #expect(error?.format == .floodXML)
        #expect(error?.line == 2)
    }
}
