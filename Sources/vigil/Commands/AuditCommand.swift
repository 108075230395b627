import ArgumentParser
import Foundation
import VigilClient
import VigilCore

/// `vigil audit`: the audit trail of a running hub, newest first, read with an admin token.
struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Show who changed what and decided what, when and from where, e.g. `vigil audit --name olga --since 24h`.",
        discussion: """
            Needs an admin token; an admin token of some sites sees those sites' entries only. Lines read: time (UTC), \
            who (role, token), from where, site, what, on what, detail.
            """)
    @Option(help: "Only what this person (token name) did.") var name: String?
    @Option(help: "Only entries of this site.") var site: String?
    @Option(help: "Only the last DURATION, e.g. 30m, 24h, 7d.") var since: String?
    @Option(help: "At most this many entries (1 to 500, default 100).") var limit: Int?
    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        if let since, DurationText.milliseconds(since) == nil { throw ValidationError("--since takes a duration such as 30m, 24h or 7d") }
        if let limit, !(1...AuditFilter.maxLimit).contains(limit) { throw ValidationError("--limit takes 1 to \(AuditFilter.maxLimit)") }
    }

    func run() async throws {
        let filter = AuditFilter(
            name: name, site: site, since: since.flatMap(DurationText.milliseconds).map { Int64(Date().timeIntervalSince1970 * 1000) - $0 },
            limit: limit)
        let entries: [AuditRecord]
        do {
            entries = try await HubHTTP(configuration: try connection.clientConfiguration()).auditTrail(filter)
        } catch {
            tell(error, command: "audit", connection: connection)
            throw ExitCode(2)
        }
        print(entries.isEmpty ? "no entry" : entries.map(Self.line).joined(separator: "\n"))
    }

    /// One entry as a line of tab-separated fields.
    static func line(_ entry: AuditRecord) -> String {
        let at = Date(timeIntervalSince1970: Double(entry.at) / 1000)
        let who = "\(entry.name) (\(entry.role)\(entry.token.isEmpty ? "" : ", \(entry.token)"))"
        let target = entry.target + (entry.seq.map { "#\($0)" } ?? "")
        return [at.formatted(.iso8601), who, entry.peer, entry.site ?? "-", entry.action, target, entry.detail.canonicalText].joined(separator: "\t")
    }
}
