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
        if let limit, !(1...500).contains(limit) { throw ValidationError("--limit takes 1 to 500") }
    }

    func run() async throws {
        var parameters: [(String, String)] = []
        if let name { parameters.append(("name", name)) }
        if let site { parameters.append(("site", site)) }
        if let ago = since.flatMap(DurationText.milliseconds) {
            parameters.append(("since", String(Int64(Date().timeIntervalSince1970 * 1000) - ago)))
        }
        if let limit { parameters.append(("limit", String(limit))) }
        var query = URLComponents()
        query.queryItems = parameters.map { URLQueryItem(name: $0.0, value: $0.1) }
        let answer: JSONValue
        do {
            answer = try await HubHTTP(configuration: try connection.clientConfiguration()).send("GET", "/api/audit" + (query.string ?? "")).json()
        } catch {
            tell(error, command: "audit", connection: connection)
            throw ExitCode(2)
        }
        let entries = answer["entries"]?.arrayValue ?? []
        print(entries.isEmpty ? "no entry" : entries.map(Self.line).joined(separator: "\n"))
    }

    /// One entry as a line of tab-separated fields.
    static func line(_ entry: JSONValue) -> String {
        let at = Date(timeIntervalSince1970: (entry["at"]?.numberValue ?? 0) / 1000)
        let token = entry["token"]?.stringValue ?? ""
        let who = "\(entry["name"]?.stringValue ?? "?") (\(entry["role"]?.stringValue ?? "?")\(token.isEmpty ? "" : ", \(token)"))"
        let target = (entry["target"]?.stringValue ?? "") + (entry["seq"]?.numberValue.map { "#\(Int64($0))" } ?? "")
        return [
            at.formatted(.iso8601), who, entry["peer"]?.stringValue ?? "", entry["site"]?.stringValue ?? "-",
            entry["action"]?.stringValue ?? "", target, entry["detail"]?.canonicalText ?? "{}",
        ].joined(separator: "\t")
    }
}
