import Hummingbird
import VigilCore
import VigilHub

/// Mounts the routes the registered domains declare, and those of `extra` (the administration of
/// sites and tokens): the bearer token is checked, the body read within the route's limit, and a
/// refusal answered with its HTTP status and code.
struct DomainRoutes {
    let hub: Hub
    let extra: [DomainRoute]

    func register(on router: Router<VigilRequestContext>) {
        let api = APIRequest(hub: hub)
        for route in hub.domains.flatMap(\.routes) + extra {
            let handler: @Sendable (Request, VigilRequestContext) async throws -> Response = { request, context in
                let identity = try await api.identity(request, context: context)
                let body: [UInt8]
                switch route.body {
                case .none: body = []
                case .frameLimit: body = Array(buffer: try await api.body(request, upTo: hub.configuration.maxFrameBytes))
                case .upTo(let limit): body = Array(buffer: try await api.body(request, upTo: limit))
                }
                var parameters: [String: String] = [:]
                for (name, value) in context.parameters { parameters[String(name)] = String(value) }
                var query: [String: String] = [:]
                for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
                let routed = RouteRequest(identity: identity, parameters: parameters, query: query, body: body, hub: hub)
                let reply: RouteReply
                do throws(ProtocolError) {
                    reply = try await route.handle(routed)
                } catch {
                    throw APIError(error)
                }
                switch reply {
                case .json(let value): return APIRequest.json(value.canonicalText)
                case .created(let value): return APIRequest.json(value.canonicalText, status: .created)
                case .accepted(let accepted): return APIRequest.json(ServerFrame.ok(ref: nil) { accepted.write(to: &$0) })
                }
            }
            switch route.method {
            case .get: router.get(RouterPath(route.path), use: handler)
            case .post: router.post(RouterPath(route.path), use: handler)
            case .put: router.put(RouterPath(route.path), use: handler)
            }
        }
    }
}
