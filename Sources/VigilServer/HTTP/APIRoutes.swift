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
    /// When set, `/metrics` answers only a request bearing it.
    let metricsToken: String?

    func register(on router: Router<VigilRequestContext>) {
        let api = APIRequest(hub: hub)
        router.get("healthz") { _, _ in
            var writer = JSONWriter()
            writer.beginObject()
            writer.field("status", "ok")
            writer.field("epoch", hub.epoch)
            writer.endObject()
            return APIRequest.json(writer.text)
        }
        router.get("metrics") { [metricsToken] request, _ in
            if let metricsToken, !constantTimeEqual(bearerToken(in: request.headers) ?? "", metricsToken) {
                throw APIError(ProtocolError(.unauthorized, "send the metrics token (--metrics-token) as Authorization: Bearer <token>"))
            }
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
        }
        router.post("api/publish") { request, context in
            let identity = try await api.identity(request, context: context)
            let fields = try await api.jsonObject(request, upTo: hub.configuration.maxFrameBytes, shape: "{topic, type, data}")
            guard let topic = fields["topic"]?.stringValue, let type = fields["type"]?.stringValue else {
                throw APIError(ProtocolError(.badRequest, "fields 'topic' and 'type' are required strings"))
            }
            return try await api.publish(identity, topic: topic, type: type, data: fields["data"] ?? .object([:]))
        }
    }
}

/// Compares two secrets in a time that does not tell how much of them matched.
func constantTimeEqual(_ given: String, _ expected: String) -> Bool {
    let (a, b) = (Array(given.utf8), Array(expected.utf8))
    var difference = UInt8(a.count == b.count ? 0 : 1)
    for index in 0..<b.count {
        difference |= (index < a.count ? a[index] : 0) ^ b[index]
    }
    return difference == 0
}
