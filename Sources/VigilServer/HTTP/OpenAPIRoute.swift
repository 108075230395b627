import Foundation
import Hummingbird
import Logging
import VigilCore

/// `GET /api/openapi.json`: the API document (`docs/openapi.yaml`) as JSON. The YAML is read and
/// converted once, when the hub starts, so the committed file stays the one definition.
struct OpenAPIRoute {
    static let path = "api/openapi.json"
    /// The document as JSON text; nil when the hub found no document to serve.
    let document: String?

    /// Reads `path`. A missing file is logged and leaves the route answering 404 (a hub installed
    /// without its docs still serves); a file this reader refuses stops the hub from starting.
    init(path: String, logger: Logger) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            logger.warning("no API document to serve at /\(Self.path)", metadata: ["path": "\(path)"])
            document = nil
            return
        }
        guard let text = String(data: data, encoding: .utf8) else { throw OpenAPIDocumentError(path: path, reason: "not UTF-8") }
        do {
            document = try YAMLSubset.parse(text).canonicalText
        } catch {
            throw OpenAPIDocumentError(path: path, reason: error.description)
        }
    }

    func register(on router: Router<VigilRequestContext>) {
        router.get(RouterPath(Self.path)) { [document] _, _ in
            guard let document else { throw APIError(ProtocolError(.notFound, "this hub was started without its API document")) }
            return APIRequest.json(document)
        }
    }
}

/// The API document could not be read.
public struct OpenAPIDocumentError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "\(path): \(reason)" }
}
