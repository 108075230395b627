import VigilCore
import VigilStore

// The wire shapes of sites and tokens (docs/protocol.md §12, "Sites and tokens"). A token's
// secret is never among them: only the answer that creates it carries it.

extension Site {
    var json: JSONValue {
        [
            "id": .string(id), "name": .string(name), "createdAt": .number(Double(createdAt)),
            "escalateAfterMs": .number(Double(timings.escalateAfterMs)), "quietAfterMs": .number(Double(timings.quietAfterMs)),
        ]
    }
}

extension TokenRecord {
    func json(at now: Int64) -> JSONValue {
        var fields: [String: JSONValue] = [
            "id": .string(id), "name": .string(name), "role": .string(role), "allSites": .bool(allSites),
            "sites": .array(sites.map(JSONValue.string)), "createdAt": .number(Double(createdAt)),
            "state": .string(revokedAt != nil ? "revoked" : hasExpired(at: now) ? "expired" : "active"),
        ]
        fields["revokedAt"] = revokedAt.map { .number(Double($0)) }
        fields["expiresAt"] = expiresAt.map { .number(Double($0)) }
        return .object(fields)
    }
}

extension AuditEntry {
    /// The entry as `GET /api/audit` gives it: the detail as the JSON it was recorded as.
    var record: AuditRecord {
        AuditRecord(
            id: id, at: at, token: actor.tokenID, name: actor.name, role: actor.role, peer: actor.peer, site: site, action: action,
            target: target, seq: seq, detail: (try? JSONValue(parsing: detail)) ?? .string(detail))
    }
}
