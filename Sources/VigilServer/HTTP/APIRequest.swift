import Hummingbird
import VigilCore
import VigilHub

/// What every API handler does first: who is asking (bearer token) and what they sent.
struct APIRequest {
    let hub: Hub

    func identity(_ request: Request, context: VigilRequestContext) async throws -> Identity {
        guard let secret = bearerToken(in: request.headers) else {
            throw APIError(ProtocolError(.unauthorized, "send the token as Authorization: Bearer <token>"))
        }
        do {
            return try await hub.identify(secret: secret, peer: context.peer)
        } catch {
            throw APIError(error)
        }
    }

    func body(_ request: Request, upTo limit: Int) async throws -> ByteBuffer {
        do {
            return try await request.body.collect(upTo: limit)
        } catch {
            throw APIError(ProtocolError(.tooLarge, "the body is larger than \(limit) bytes"))
        }
    }

    /// The body as a JSON object; `shape` names the fields expected, for the refusal.
    func jsonObject(_ request: Request, upTo limit: Int, shape: String) async throws -> [String: JSONValue] {
        let body = try await body(request, upTo: limit)
        guard let value = try? JSONValue(parsing: body.readableBytesView), let fields = value.objectValue else {
            throw APIError(ProtocolError(.badJSON, "the body must be a JSON object \(shape)"))
        }
        return fields
    }

    /// Publishes as the WebSocket path does and answers with the same `ok`.
    func publish(_ identity: Identity, topic: String, type: String, data: JSONValue) async throws -> Response {
        let accepted: Hub.Accepted
        do {
            accepted = try await hub.publish(await hub.prepare(identity: identity, topic: topic, type: type, data: data))
        } catch {
            throw APIError(error)
        }
        return Self.json(ServerFrame.ok(ref: nil) { accepted.write(to: &$0) })
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// `answer`, a type of the contract, as the hub writes JSON (keys sorted).
    static func json(encoding answer: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        json(JSONValue.object(JSONValue.fields(of: answer)).canonicalText, status: status)
    }
}
