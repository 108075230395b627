import VigilCore
import VigilHub

/// The check-in domain over HTTP: a checkpoint's QR code text again, to print it anew. Only those
/// who may create checkpoints (admins, operators of the site) may read it: a guard who could would
/// check in without walking there.
struct CheckinRoutes {
    let queries: CheckinQueries
    let codes: CheckpointCode

    var all: [DomainRoute] {
        [
            DomainRoute(.get, "api/sites/:site/checkpoints/:checkpoint/code") { [queries, codes] request async throws(ProtocolError) in
                let site = try request.parameter("site")
                let id = try request.parameter("checkpoint")
                try request.authorizeRead(CheckinService.topic(of: site))
                guard CheckinService.mayCreateCheckpoints(request.identity) else {
                    throw ProtocolError(.forbidden, "a \(request.identity.role.rawValue) token may not read checkpoint codes")
                }
                guard let checkpoint = try await request.read({ try await queries.checkpoint(id, site: site) }) else {
                    throw ProtocolError(.notFound, "checkpoint \(id) does not exist at site \(site)")
                }
                return .json(["checkpoint": .object(JSONValue.fields(of: checkpoint.wire)), "code": .string(codes.code(site: site, checkpoint: id))])
            }
        ]
    }
}
