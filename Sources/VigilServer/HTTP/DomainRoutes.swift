import Hummingbird
import VigilCore
import VigilHub

/// Mounts the routes the registered domains declare, and those of `extra` (the administration of
/// sites and tokens): the bearer token is checked (or, on an open route, the address's rate), the
/// body read within the route's limit, and a refusal answered with its HTTP status and code.
struct DomainRoutes {
    let hub: Hub
    let extra: [DomainRoute]
    /// `https`, or `http` on the legacy listener: how the addresses a route gives out begin.
    let scheme: String
    let limiter: AddressLimiter
    /// Only the routes kept for old clients (the legacy listener).
    var legacyOnly = false

    func register(on router: Router<VigilRequestContext>) {
        let api = APIRequest(hub: hub)
        for route in hub.domains.flatMap(\.routes) + extra where route.legacy || !legacyOnly {
            let handler: @Sendable (Request, VigilRequestContext) async throws -> Response = { request, context in
                let identity = try await identity(of: request, context: context, route: route, api: api)
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
                let routed = RouteRequest(
                    identity: identity, parameters: parameters, query: query, body: body, origin: origin(of: request),
                    acceptsGzip: AcceptEncoding.acceptsGzip(request.headers[.acceptEncoding]), hub: hub)
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
                case .document(let bytes, let contentType, let etag, let coding):
                    return Self.document(bytes, contentType: contentType, etag: etag, coding: coding, request: request)
                }
            }
            switch route.method {
            case .get: router.get(RouterPath(route.path), use: handler)
            case .post: router.post(RouterPath(route.path), use: handler)
            case .put: router.put(RouterPath(route.path), use: handler)
            case .delete: router.delete(RouterPath(route.path), use: handler)
            }
        }
    }

    /// The token's identity; on an open route without a token, the anonymous one, within the
    /// address's rate.
    private func identity(of request: Request, context: VigilRequestContext, route: DomainRoute, api: APIRequest) async throws -> Identity {
        guard route.access == .open, bearerToken(in: request.headers) == nil else {
            return try await api.identity(request, context: context)
        }
        let client = AddressLimiter.client(of: context.channel.remoteAddress)
        guard limiter.allow(client, now: hub.clock.milliseconds()) else {
            throw APIError(ProtocolError(.rateLimited, "too many requests from \(client); wait a little"))
        }
        return .anonymous
    }

    /// `scheme://host[:port]` from the request's Host, when it is a plain host name or address.
    private func origin(of request: Request) -> String {
        let host = request.head.authority ?? ""
        let plain =
            !host.isEmpty && host.utf8.count <= 255
            && host.unicodeScalars.allSatisfy {
                $0.properties.isASCIIHexDigit || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ".-:[]".unicodeScalars.contains($0)
            }
        return "\(scheme)://\(plain ? host : "localhost")"
    }

    private static func document(_ bytes: [UInt8], contentType: String, etag: String?, coding: ContentCoding?, request: Request) -> Response {
        var headers: HTTPFields = [.contentType: contentType]
        if let coding {
            // Caches must keep the plain and the gzipped form apart, 304s included.
            headers[.vary] = "Accept-Encoding"
            if coding == .gzip { headers[.contentEncoding] = "gzip" }
        }
        guard let etag else { return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes))) }
        headers[.eTag] = etag
        let asked = request.headers[.ifNoneMatch]?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        if asked.contains(etag) || asked.contains("*") {
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
