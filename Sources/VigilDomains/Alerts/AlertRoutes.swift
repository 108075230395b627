import VigilCore
import VigilHub

/// The alert domain over HTTP: a sensor raising an alert with one POST, pages of locations and
/// visits, and a location's newest snapshot. Each goes through the same checks as the WebSocket path.
struct AlertRoutes {
    let queries: AlertQueries

    var all: [DomainRoute] {
        [
            // A PIR sensor's script: POST {site, kind, location, thumbnails, ...} with its device token.
            DomainRoute(.post, "api/alerts", body: .frameLimit) { request async throws(ProtocolError) in
                var fields = try request.jsonObject("{site, kind, ...}")
                guard let site = fields.removeValue(forKey: "site")?.stringValue else {
                    throw ProtocolError(.badRequest, "field 'site' is required")
                }
                return try await request.publish(topic: AlertService.topic(of: site), type: "raise", data: .object(fields))
            },
            DomainRoute(.get, "api/sites/:site/locations") { [queries] request async throws(ProtocolError) in
                let site = try request.parameter("site")
                try request.authorizeRead(AlertService.topic(of: site))
                return .json(
                    try await request.read {
                        try await queries.locations(of: site, after: request.query["after"], limit: request.query["limit"].flatMap { Int($0) } ?? 50)
                    })
            },
            DomainRoute(.get, "api/sites/:site/locations/:location/visits") { [queries] request async throws(ProtocolError) in
                let site = try request.parameter("site")
                let location = try request.parameter("location")
                try request.authorizeRead(AlertService.topic(of: site))
                return .json(
                    try await request.read {
                        try await queries.visits(
                            at: location, site: site, before: request.query["before"].flatMap { Int64($0) },
                            limit: request.query["limit"].flatMap { Int($0) } ?? 50)
                    })
            },
            // The picture of a camera whose stream a page cannot show (on another origin, or none): the
            // newest snapshot of the location of the camera's id, for the site's guards too, who read
            // only its escalated alerts.
            DomainRoute(.get, "api/sites/:site/locations/:location/snapshot") { [queries] request async throws(ProtocolError) in
                let site = try request.parameter("site")
                let location = try request.parameter("location")
                try request.authorizeRead(AlertService.escalatedTopic(of: site))
                return .json(try await request.read { try await queries.newestSnapshot(at: location, site: site) })
            },
        ]
    }
}
