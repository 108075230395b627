import VigilCore
import VigilHub

/// The push domain over HTTP: the public key a browser's `PushManager.subscribe` takes as its
/// `applicationServerKey` (the same for every site, any signed-in token may read it), a person's
/// phones on a site (registered, replaced, listed and removed by their own token) and their settings.
struct PushRoutes {
    let vapid: VapidKey
    let queries: PushQueries
    let service: PushService

    var all: [DomainRoute] {
        [
            DomainRoute(.get, "api/push/key") { [vapid] _ async throws(ProtocolError) in
                .json(["publicKey": .string(vapid.publicKeyText)])
            },
            DomainRoute(.put, "api/sites/:site/push/phone", body: .upTo(PushEndpoint.maximumLength + 1024)) { request async throws(ProtocolError) in
                let site = try request.parameter("site")
                return try await request.publish(
                    topic: PushService.topic(of: site), type: "register_phone", data: try request.json("a PushSubscription"))
            },
            DomainRoute(.delete, "api/sites/:site/push/phone", body: .upTo(PushEndpoint.maximumLength + 1024)) {
                request async throws(ProtocolError) in
                let site = try request.parameter("site")
                return try await request.publish(topic: PushService.topic(of: site), type: "remove_phone", data: try request.json("{endpoint}"))
            },
            DomainRoute(.put, "api/sites/:site/push/settings", body: .upTo(4096)) { request async throws(ProtocolError) in
                let site = try request.parameter("site")
                return try await request.publish(topic: PushService.topic(of: site), type: "set_settings", data: try request.json("push settings"))
            },
            DomainRoute(.get, "api/sites/:site/push/settings") { request async throws(ProtocolError) in
                let site = try request.parameter("site")
                return .json(try await request.query(topic: PushService.topic(of: site), type: "settings", data: [:]))
            },
            DomainRoute(.get, "api/sites/:site/push/phones") { [queries, service] request async throws(ProtocolError) in
                let site = try request.parameter("site")
                try await service.authorizeOwn(request.identity, try Topic(PushService.topic(of: site)))
                let phones = try await request.read { try await queries.phones(of: request.identity.tokenID, site: site) }
                let listed = phones.map { RegisteredPhones.Phone(endpoint: $0.endpoint, createdAt: $0.createdAt) }
                return .json(encoding: RegisteredPhones(phones: listed))
            },
        ]
    }
}
