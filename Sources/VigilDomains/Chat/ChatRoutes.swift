import VigilCore
import VigilHub

/// The chat domain over HTTP: search and the room list, through the same checks and code as the
/// WebSocket `query` and subscription.
struct ChatRoutes {
    let service: ChatService

    var all: [DomainRoute] {
        [
            // GET /api/sites/hq/chat/search?q=gate&room=control&before=N&limit=20
            DomainRoute(.get, "api/sites/:site/chat/search") { request async throws(ProtocolError) in
                let topic = try Topic(ChatService.directoryTopic(of: try request.parameter("site")))
                var data: [String: JSONValue] = [:]
                for (key, value) in request.query where ["q", "room", "before", "limit"].contains(key) {
                    data[key] = key == "q" || key == "room" ? .string(value) : Double(value).map(JSONValue.number) ?? .string(value)
                }
                return .json(try await request.query(topic: topic.rawValue, type: "search", data: .object(data)))
            },
            DomainRoute(.get, "api/sites/:site/chat/rooms") { [service] request async throws(ProtocolError) in
                let topic = try Topic(ChatService.directoryTopic(of: try request.parameter("site")))
                try request.authorizeRead(topic.rawValue)
                return .json(
                    try await request.read {
                        try await service.queries.directory(of: topic.scope, for: request.identity.name).data["rooms"] ?? .array([])
                    })
            },
        ]
    }
}
