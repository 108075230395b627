import Foundation
import Logging
import Testing
import VigilCore
import VigilDomains
import VigilServer
import VigilTestSupport

/// `docs/openapi.yaml`, as the hub serves it, against the routes the hub mounts: a route added
/// without documenting it, or documented and then removed, fails here.
@Suite(.timeLimit(.minutes(10))) struct OpenAPIDocumentTests {
    @Test func documentsExactlyTheRoutesTheHubMounts() async throws {
        try await withHub(server: { $0.legacyHTTPPort = 0 }) { hub async throws in
            let response = try await curl(hub.httpsBase + "/api/openapi.json", caFile: hub.caFile)
            #expect(response.status == 200)
            #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
            let document = json(response.body)
            #expect(document["openapi"]?.stringValue?.hasPrefix("3.1.") == true)
            let operations = try Self.operations(of: document)
            #expect(operations.count >= 30)

            let mounted = Set(hub.mountedRoutes.https.map(\.description))
            let files = Set(operations.filter { $0.value["x-vigil-served-by"]?.stringValue == "files" }.keys)
            let routed = Set(operations.keys).subtracting(files)
            #expect(mounted.subtracting(routed).sorted() == [], "mounted, not in docs/openapi.yaml")
            #expect(routed.subtracting(mounted).sorted() == [], "in docs/openapi.yaml, not mounted")

            // What the file handler serves is no route; the test hub has an index.html to show.
            #expect(files == ["GET /"])
            let index = try await curl(hub.httpsBase + "/", caFile: hub.caFile)
            #expect(index.status == 200 && index.headers["content-type"]?.hasPrefix("text/html") == true)

            let legacy = Set(operations.filter { $0.value["x-vigil-legacy"] == .bool(true) }.keys)
            #expect(Set(hub.mountedRoutes.legacy.map(\.description)) == legacy, "x-vigil-legacy marks what the plain-HTTP port serves")
        }
    }

    @Test func theServedDocumentIsTheCommittedOne() async throws {
        try await withHub { hub async throws in
            let served = try await curl(hub.httpsBase + "/api/openapi.json", caFile: hub.caFile)
            let committed = try String(contentsOfFile: hub.configuration.apiDocument, encoding: .utf8)
            #expect(json(served.body) == (try YAMLSubset.parse(committed)))
        }
    }

    @Test func withoutItsDocumentTheHubServesAndAnswers404() async throws {
        try await withHub(server: { $0.apiDocument = "/nonexistent/openapi.yaml" }) { hub async throws in
            let response = try await curl(hub.httpsBase + "/api/openapi.json", caFile: hub.caFile)
            #expect(response.status == 404)
            #expect(json(response.body)["code"] == "not_found")
            #expect(try await curl(hub.httpsBase + "/healthz", caFile: hub.caFile).status == 200)
        }
    }

    @Test func aDocumentTheReaderRefusesStopsTheHubFromStarting() async throws {
        let directory = try makeScratchDirectory("vigil-openapi")
        defer { try? FileManager.default.removeItem(at: directory) }
        let document = directory.appendingPathComponent("openapi.yaml")
        try Data("openapi: 3.1.0\npaths: &shared {}\n".utf8).write(to: document)
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.dataDirectory = directory.appendingPathComponent("data")
        configuration.certificateDirectory = directory.appendingPathComponent("certs")
        configuration.apiDocument = document.path
        try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
        await #expect(throws: OpenAPIDocumentError.self) {
            try await offThePool { [configuration] in
                try HubServer(configuration: configuration, domains: Domains.registered, logger: Logger(label: "vigil.test"))
            }
        }
    }

    /// "METHOD /path" of every operation, with the operation.
    private static func operations(of document: JSONValue) throws -> [String: JSONValue] {
        let paths = try #require(document["paths"]?.objectValue)
        var operations: [String: JSONValue] = [:]
        for (path, item) in paths {
            for (method, operation) in try #require(item.objectValue) where Self.methods.contains(method) {
                operations["\(method.uppercased()) \(path)"] = operation
            }
        }
        return operations
    }

    private static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
}
