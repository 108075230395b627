import Foundation
import Hummingbird
import Prometheus
import VigilCore
import VigilHub

/// The HTTP side: health, metrics, and publishing for integrations that do not hold a WebSocket
/// (a sensor script, a webhook). Publishing goes through the same checks as the WebSocket path.
struct APIRoutes {
    let hub: Hub
    let registry: PrometheusCollectorRegistry

    func register(on router: Router<VigilRequestContext>) {
        router.get("healthz") { _, _ in
            var writer = JSONWriter()
            writer.beginObject()
            writer.field("status", "ok")
            writer.field("epoch", hub.store.epoch)
            writer.endObject()
            return Self.json(writer.text)
        }
        router.get("metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
        }
        router.post("api/publish") { request, context in
            try await publish(request, context: context)
        }
    }

    private func publish(_ request: Request, context: VigilRequestContext) async throws -> Response {
        guard let secret = bearerToken(in: request.headers) else {
            throw APIError(ProtocolError(.unauthorized, "send the token as Authorization: Bearer <token>"))
        }
        let identity: Identity
        do {
            identity = try await hub.authenticator.authenticate(secret, peer: context.peer)
        } catch {
            throw APIError(error)
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: hub.configuration.maxFrameBytes)
        } catch {
            throw APIError(ProtocolError(.tooLarge, "the body is larger than \(hub.configuration.maxFrameBytes) bytes"))
        }
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(buffer: body)), let fields = value.objectValue else {
            throw APIError(ProtocolError(.badJSON, "the body must be a JSON object {topic, type, data}"))
        }
        guard let topic = fields["topic"]?.stringValue, let type = fields["type"]?.stringValue else {
            throw APIError(ProtocolError(.badRequest, "fields 'topic' and 'type' are required strings"))
        }
        let accepted: Hub.Accepted
        do {
            accepted = try await hub.publish(hub.prepare(identity: identity, topic: topic, type: type, data: fields["data"] ?? .object([:])))
        } catch {
            throw APIError(error)
        }
        return Self.json(ServerFrame.ok(ref: nil) { writer in
            writer.field("topic", accepted.topic)
            if let seq = accepted.seq { writer.field("seq", seq) }
            writer.field("ts", accepted.ts)
        })
    }

    static func json(_ text: String) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
