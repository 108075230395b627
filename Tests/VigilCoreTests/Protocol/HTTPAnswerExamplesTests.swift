import Foundation
import Testing
import VigilCore

/// The HTTP answers `docs/protocol.md` shows (a `curl` block, or a section on one `GET`, then the
/// answer in a `json` block) against the contract's types, as `ProtocolExamplesTests` does for the WebSocket messages.
struct HTTPAnswerExamplesTests {
    /// One shown answer: the path its `curl` asked, and the JSON it answered.
    struct Answer {
        let line: Int
        let path: String
        let json: JSONValue
    }

    static func answers() throws -> [Answer] {
        let lines = try String(contentsOf: ProtocolExamplesTests.document, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        var answers: [Answer] = []
        var askedPath: String?
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("curl ") { askedPath = path(of: line) }
            // A section on one GET shows its answer without a request.
            if line.hasPrefix("#") { askedPath = line.firstRange(of: "`GET /").map { getPath(line[$0.upperBound...]) } }
            guard line == "```json", let path = askedPath, index + 1 < lines.count else { continue }
            answers.append(Answer(line: index + 2, path: path, json: try JSONValue(parsing: String(lines[index + 1]))))
            askedPath = nil
        }
        return answers
    }

    /// `/api/tokens` of `curl ... https://localhost:8443/api/tokens?x=1 \`.
    private static func path(of curl: Substring) -> String? {
        guard let url = curl.split(separator: " ").first(where: { $0.hasPrefix("https://") || $0.hasPrefix("'https://") }) else { return nil }
        let address = url.trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        return URLComponents(string: address)?.path
    }

    /// `/map/config.json` of `map/config.json` and ...` (what follows a heading's `` `GET / ``).
    private static func getPath(_ rest: Substring) -> String {
        "/" + rest.prefix { $0 != "`" && $0 != " " }
    }

    /// The contract's type of the answer of a request to `path`; nil for an answer it does not define.
    static func answerType(of path: String) -> ((JSONValue) throws -> JSONValue)? {
        switch path {
        case "/api/tokens": { try ProtocolExamplesTests.roundTrip(TokenIssued.self, $0) }
        case "/api/thumbnails": { try ProtocolExamplesTests.roundTrip(UploadedThumbnail.self, $0) }
        case "/map/config.json": { try ProtocolExamplesTests.roundTrip(MapConfiguration.self, $0) }
        // The section on an event's marker files shows the GeoJSON one.
        case "/api/flood/events/{id}/markers.kml": { try ProtocolExamplesTests.roundTrip(FloodWire.MarkerFile.self, $0) }
        default: nil
        }
    }

    @Test func everyAnswerTheContractDefinesDecodesAndEncodesBackUnchanged() throws {
        var checked: [String] = []
        for answer in try Self.answers() {
            guard let check = Self.answerType(of: answer.path) else { continue }
            let again = try check(answer.json)
            #expect(again == answer.json, "docs/protocol.md:\(answer.line): \(answer.path)'s answer encodes back unchanged: \(again.canonicalText)")
            checked.append(answer.path)
        }
        #expect(
            checked == ["/api/thumbnails", "/map/config.json", "/api/tokens", "/api/flood/events/{id}/markers.kml"],
            "every answer on the contract was found: \(checked)")
    }
}
