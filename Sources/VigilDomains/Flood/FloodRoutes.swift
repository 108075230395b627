import VigilCore
import VigilHub

/// The flood domain over HTTP: creating a region (`vigil flood region create` and scripts), the
/// region listing, submitting a marker and moderating, each through the same checks as the
/// WebSocket path.
struct FloodRoutes {
    let queries: FloodQueries

    var all: [DomainRoute] {
        [
            DomainRoute(.get, "api/flood/regions") { [queries] request async throws(ProtocolError) in
                .json(try await request.read { try await queries.regions() })
            },
            // {id, name, timeZone, anonymous?}
            DomainRoute(.post, "api/flood/regions", body: .frameLimit) { request async throws(ProtocolError) in
                var fields = try request.jsonObject("{id, name, timeZone, anonymous?}")
                let id = try CommandData(.object(fields), shape: "{id, name, timeZone, anonymous?}").identifier("id")
                fields["id"] = nil
                return try await request.publish(topic: FloodService.topic(of: id), type: "create_region", data: .object(fields))
            },
            DomainRoute(.post, "api/flood/regions/:region/markers", body: .frameLimit) { request async throws(ProtocolError) in
                let region = try request.parameter("region")
                return try await request.publish(
                    topic: FloodService.reportsTopic(of: region), type: "submit", data: .object(try request.jsonObject("{latitude, longitude, severity, ...}")))
            },
            // {decision: "approve" | "reject", markers: [...]} or {decision, boundary}
            DomainRoute(.post, "api/flood/regions/:region/moderation", body: .frameLimit) { request async throws(ProtocolError) in
                let region = try request.parameter("region")
                var fields = try request.jsonObject("{decision, markers} or {decision, boundary}")
                guard let decision = fields.removeValue(forKey: "decision")?.stringValue, ["approve", "reject"].contains(decision) else {
                    throw ProtocolError(.invalidData, "decision must be approve or reject")
                }
                return try await request.publish(topic: FloodService.reportsTopic(of: region), type: decision, data: .object(fields))
            },
        ]
    }
}
