import Foundation
import Testing
import VigilCore
import VigilServer

/// `docs/openapi.yaml`, as the hub serves it, against the routes the hub mounts: a route added
/// without documenting it, or documented and then removed, fails here.
@Suite(.timeLimit(.minutes(3))) struct OpenAPIDocumentTests {
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
