import Foundation
import Testing
import VigilCore
import VigilTestSupport

/// The old flood app's side of the legacy API: XML posted to `/index.php`, as the app posted it,
/// over HTTPS (or plain HTTP to the legacy listener), and the answer read back with VigilCore's parser.
struct LegacyFloodClient {
    let base: String
    let caFile: String

    init(_ hub: TestHub) {
        base = hub.httpsBase
        caFile = hub.caFile
    }

    init(plainHTTPPort port: Int, caFile: String) {
        base = "http://127.0.0.1:\(port)"
        self.caFile = caFile
    }

    /// Posts `document` (written to a file: a photo in base64 is too long for an argument).
    func post(_ document: String) async throws -> CurlResponse {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vigil-flood-\(UUID().uuidString).xml")
        try Data(document.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try await curl("\(base)/index.php", caFile: caFile, method: "POST", headers: ["Content-Type": "text/xml"], body: "@\(file.path)")
    }

    func command(_ document: String) async throws -> FloodResponse {
        let answer = try await post(document)
        #expect(answer.status == 200 && answer.headers["content-type"]?.hasPrefix("text/xml") == true, "\(answer.status) \(answer.body)")
        return try FloodXMLParser.parseResponse(Data(answer.body.utf8))
    }

    /// The seed's own GetRegions request document.
    static var getRegions: String {
        get throws { try String(contentsOf: fixture("VigilCoreTests/Golden/FloodXML/get-regions.request.xml"), encoding: .utf8) }
    }

    static func getEvents(boundary: Int) -> String {
        """
        <phone>
             <command>GetEventsByBoundaryID</command>
             <boundaryid>\(boundary)</boundaryid>
        </phone>
        """
    }

    static func getMarkerFile(event: Int, boundary: Int) -> String {
        """
        <phone>
             <command>GetMarkerFile</command>
             <eventid>\(event)</eventid>
             <boundaryid>\(boundary)</boundaryid>
        </phone>
        """
    }

    static func submitMarker(
        location: String = "46.9,-96.8", time: String = "2026-03-11 15:53:41", severity: String = "4",
        comment: String = "Puddles on the road, nothing serious yet.",
        image: Data? = nil
    ) -> String {
        """
        <phone>
             <command>SubmitMarker</command>
             <marker>
                  <location>\(location)</location>
                  <observationtime>\(time)</observationtime>
                  <severity>\(severity)</severity>
                  <comment>\(comment)</comment>
                  <email>rita@example.com</email>
                  <phonenumber>555555</phonenumber>
                  <covertype>_</covertype>
                  <coverheight>1</coverheight>
        \(image.map { "          <image>\($0.base64EncodedString())</image>" } ?? "")
             </marker>
        </phone>
        """
    }
}

/// GDAL's `ogrinfo` (Debian's `gdal-bin`), an independent KML reader: what QGIS opens files with.
enum OGRInfo {
    static let path = "/usr/bin/ogrinfo"
    static var isAvailable: Bool { TestTools.isAvailable(path) }

    /// Every feature of the file as ogrinfo lists them: status and text.
    static func read(_ file: URL) async throws -> (status: Int32, output: String) {
        try await offThePool { try runProcess(URL(fileURLWithPath: path), ["-ro", "-al", "-q", file.path]) }
    }
}
