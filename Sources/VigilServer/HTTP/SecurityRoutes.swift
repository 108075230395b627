import Hummingbird
import VigilCore
import VigilHub

/// The security workflow over HTTP: a sensor raising an alert with one POST, pages of locations and
/// visits, and camera topology import. Each goes through the same checks as the WebSocket path.
struct SecurityRoutes {
    let hub: Hub

    func register(on router: Router<VigilRequestContext>) {
        let api = APIRequest(hub: hub)
        // A PIR sensor's script: POST {site, kind, location, thumbnails, ...} with its device token.
        router.post("api/alerts") { request, context in
            let identity = try await api.identity(request, context: context)
            var fields = try await api.jsonObject(request, upTo: hub.configuration.maxFrameBytes, shape: "{site, kind, ...}")
            guard let site = fields.removeValue(forKey: "site")?.stringValue else {
                throw APIError(ProtocolError(.badRequest, "field 'site' is required"))
            }
            return try await api.publish(identity, topic: "alerts/\(site)", type: "raise", data: .object(fields))
        }
        router.get("api/sites/:site/locations") { request, context in
            let identity = try await api.identity(request, context: context)
            let site = try context.parameters.require("site")
            let query = request.uri.queryParameters
            return try await api.answer {
                try await hub.locations(
                    of: site, as: identity, after: query.get("after"), limit: query.get("limit").flatMap { Int($0) } ?? 50)
            }
        }
        router.get("api/sites/:site/locations/:location/visits") { request, context in
            let identity = try await api.identity(request, context: context)
            let site = try context.parameters.require("site")
            let location = try context.parameters.require("location")
            let query = request.uri.queryParameters
            return try await api.answer {
                try await hub.visits(
                    at: location, site: site, as: identity, before: query.get("before").flatMap { Int64($0) },
                    limit: query.get("limit").flatMap { Int($0) } ?? 50)
            }
        }
        router.get("api/sites/:site/cameras") { request, context in
            let identity = try await api.identity(request, context: context)
            let site = try context.parameters.require("site")
            return try await api.answer { try await hub.cameras(of: site, as: identity) }
        }
        // The body is the topology itself, in the seed's iSurveillance JSON or the clean model.
        router.put("api/sites/:site/cameras") { request, context in
            let identity = try await api.identity(request, context: context)
            let site = try context.parameters.require("site")
            let topology = try await api.body(request, upTo: CameraTopologyJSON.maxBytes)
            guard let data = try? JSONValue(parsing: topology.readableBytesView) else {
                throw APIError(ProtocolError(.badJSON, "the body must be a camera topology in JSON"))
            }
            return try await api.publish(identity, topic: "cameras/\(site)", type: "topology", data: data)
        }
    }
}
