import Foundation
import VigilCore

extension HubHTTP {
    /// The hub's audit trail, newest first, as `filter` narrows it: who changed or decided what,
    /// when and from where. Needs an admin token; an admin of some sites reads their entries only,
    /// other roles are refused (`forbidden`).
    public func auditTrail(_ filter: AuditFilter = AuditFilter()) async throws -> [AuditRecord] {
        var components = URLComponents()
        components.queryItems = filter.query.map { URLQueryItem(name: $0.name, value: $0.value) }
        let query = filter.query.isEmpty ? "" : components.percentEncodedQuery.map { "?" + $0 } ?? ""
        return try await send("GET", "/api/audit" + query).json().decode(AuditPage.self, field: "the answer").entries
    }
}
