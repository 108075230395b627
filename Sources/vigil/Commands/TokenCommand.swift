import ArgumentParser
import Foundation
import VigilCore
import VigilHub
import VigilStore

extension Role: ExpressibleByArgument {}

struct TokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Create, list and revoke tokens.", subcommands: [Create.self, List.self, Revoke.self])

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a token and print its secret, once: only its hash is stored.")
        @Option(help: "admin, operator, guard, device or reporter.") var role: Role
        @Option(name: .customLong("site"), help: "A site the token may see; repeat for more.") var sites: [String] = []
        @Flag(name: .customLong("all-sites"), help: "The token sees every site, present and future.") var allSites = false
        @Option(help: "Who holds it (shown as `from` on what they publish).") var name: String?
        @Option(help: "Refuse it after this long: a duration such as 24h, 30d or 1h30m (at most a year). Default: it never expires.")
        var expires: TokenLifetime?
        @OptionGroup var store: StoreOptions

        func validate() throws {
            guard allSites || !sites.isEmpty else { throw ValidationError("give --site (one or more) or --all-sites") }
            // As over HTTP: the name is a segment of the holder's own topics (its camera view, its inbox).
            if let name, !Topic.isValidSegment(name) {
                throw ValidationError("--name must be 1-\(Topic.maxSegmentLength) characters of A-Z a-z 0-9 - _ . (it names the holder's topics)")
            }
        }

        func run() throws {
            let now = SystemClock().milliseconds()
            let issued = try TokenIssuer(tokens: TokenRepository(database: store.open()))
                .issue(
                    role: role, sites: sites, allSites: allSites, name: name, now: now, expiresAt: expires.map { now + $0.milliseconds },
                    by: .commandLine())
            print("token \(issued.record.id) (\(issued.record.role), \(issued.record.name)); its secret, shown only now:")
            print(issued.secret)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List tokens (never their secrets).")
        @OptionGroup var store: StoreOptions

        func run() throws {
            let now = SystemClock().milliseconds()
            for token in try TokenRepository(database: store.open()).all() {
                let scope = token.allSites ? "*" : token.sites.joined(separator: ",")
                let state = token.revokedAt != nil ? "revoked" : token.hasExpired(at: now) ? "expired" : "active"
                print("\(token.id)\t\(token.role)\t\(token.name)\t\(scope)\t\(state)")
            }
        }
    }

    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a token by id; it is refused from then on.")
        @Argument(help: "Token id (tk_...).") var id: String
        @OptionGroup var store: StoreOptions

        func run() throws {
            try TokenRepository(database: store.open()).revoke(id: id, at: SystemClock().milliseconds(), by: .commandLine())
            print("token \(id) revoked")
        }
    }
}
