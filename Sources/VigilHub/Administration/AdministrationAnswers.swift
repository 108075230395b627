import VigilCore
import VigilStore

// The stored sites, tokens and audit entries as the contract's answers (docs/protocol.md, "Sites
// and tokens"). A token's secret is never among them: only the answer that issues it carries it.

extension Site {
    var summary: SiteSummary {
        SiteSummary(
            id: id, name: name, createdAt: createdAt, escalateAfterMs: timings.escalateAfterMs, quietAfterMs: timings.quietAfterMs)
    }
}

extension TokenRecord {
    func summary(at now: Int64) -> TokenSummary {
        TokenSummary(
            id: id, name: name, role: role, allSites: allSites, sites: sites, createdAt: createdAt, expiresAt: expiresAt,
            revokedAt: revokedAt, state: revokedAt != nil ? .revoked : hasExpired(at: now) ? .expired : .active)
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
