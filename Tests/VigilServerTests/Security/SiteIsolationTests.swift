import Foundation
import Synchronization
import Testing
import VigilClient
import VigilCore
import VigilHub

/// Isolation as a property, not a case (docs/security.md, "What identifies a person, and what stays
/// in a site"). For every topic kind the registered domains bring, activity on site hq made with
/// the kind's own commands (`SiteActivity`) reaches no token of site depot, though depot's tokens
/// carry hq's names in every role, by any path: live subscriptions (the exact topic, `+` patterns,
/// the same topic on depot where a mirror would land), presence, `history`, state, `query`, and
/// every HTTP route of a site. Which site a topic belongs to is its service's `site(of:)`.
@Suite(.timeLimit(.minutes(10))) struct SiteIsolationTests {
    /// What a depot token may legitimately receive on depot's own topics while only hq is busy.
    private static let quietTypes: Set = ["state", "presence.state", "presence.join", "presence.leave"]
    private static let refusals: Set = ["forbidden", "invalid_topic", "exact_topic_required"]

    @Test func noPathCarriesASitesEventsToATokenOfAnotherSite() async throws {
        try await withHub { hub async throws in
            let services = try hub.engine.domains.flatMap(\.services)
            func site(of topic: String) -> String? {
                var segments = topic.split(separator: "/").map(String.init)
                if segments.first == "presence" { segments.removeFirst() }
                return services.first { $0.kind == segments.first }?.site(of: segments)
            }

            // Every registered kind has its activity, and its topics belong to hq by its own service.
            let registered = Set(services.map(\.kind))
            let listed = SiteActivity.byKind.map(\.kind)
            #expect(
                Set(listed) == registered && listed.count == registered.count,
                "SiteActivity.byKind must list each registered kind once; missing: \(registered.subtracting(listed).sorted())")
            var topics: [String] = []
            var unread: [String] = []
            var queries: [(String, String)] = []
            var makers: [@Sendable (HQPeople) async throws -> Void] = []
            for (kind, activity) in SiteActivity.byKind {
                switch activity {
                case .noSite(let reason):
                    #expect(site(of: "\(kind)/hq") == nil, "\(kind) is listed as belonging to no site (\(reason)), yet its service names one")
                case .readByNobody:
                    #expect(site(of: "\(kind)/hq") == "hq", "\(kind)/hq is not a topic of hq by its service")
                    unread.append("\(kind)/hq")
                case .site(let kindTopics, let kindQueries, let make):
                    #expect(!kindTopics.isEmpty, "\(kind) names no topic its activity makes events on")
                    for topic in kindTopics {
                        #expect(topic.hasPrefix("\(kind)/") && site(of: topic) == "hq", "\(topic) is not a topic of hq by its service")
                    }
                    topics += kindTopics
                    queries += kindQueries
                    makers.append(make)
                }
            }

            // Depot's tokens, named as hq's people are, in every role.
            var others: [(label: String, client: VigilClient, secret: String)] = []
            for (role, name) in [(Role.admin, "root"), (.operator, "olga"), (.guard, "gus"), (.device, "pir-1"), (.reporter, "gus")] {
                let secret = try await hub.issueToken(role, name: name, sites: ["depot"])
                others.append(("the depot's \(role.rawValue) \(name)", hub.client(secret: secret), secret))
            }

            // Before any activity: hq's witnesses and every subscription a depot token is allowed.
            let hq = HQPeople(hub)
            for topic in unread {
                for client in hq.all + others.map(\.client) {
                    #expect(await refusalCode { _ = try await client.subscribe(topic) } == "forbidden", "\(topic) is read by nobody")
                }
            }
            var witnessed: [(topic: String, stream: AsyncThrowingStream<Event, any Error>)] = []
            for topic in topics {
                var stream: AsyncThrowingStream<Event, any Error>?
                for client in hq.all where stream == nil { stream = try? await client.subscribe(topic) }
                witnessed.append((topic, try #require(stream, "no token of hq reads \(topic)")))
            }
            let sightings = Sightings()
            var listeners: [Task<Void, Never>] = []
            for other in others {
                for watched in topics.flatMap(Self.variants(of:)).flatMap({ [$0] + ($0.contains("+") ? [] : ["presence/\($0)"]) }) {
                    let stream: AsyncThrowingStream<Event, any Error>
                    do {
                        stream = try await other.client.subscribe(watched)
                    } catch ClientError.refused(let info) {
                        #expect(Self.refusals.contains(info.code), "\(other.label) on \(watched): \(info.code)")
                        continue
                    }
                    listeners.append(
                        Task {
                            do { for try await event in stream { sightings.add(other.label, event) } } catch {}
                        })
                }
            }

            for make in makers { try await make(hq) }
            for (topic, stream) in witnessed {
                #expect(await Self.firstChange(of: stream) != nil, "the activity made no event on \(topic)")
            }
            // Fan-out reached hq's witnesses; give depot's sockets the same moment to receive anything.
            try await Task.sleep(for: .seconds(1))

            for (who, event) in sightings.all {
                #expect(site(of: event.topic) != "hq", "\(who) received \(event.type) of \(event.topic)")
                #expect(!event.data.canonicalText.contains(SiteActivity.secret), "\(who) read hq's text on \(event.topic)")
                #expect(Self.quietTypes.contains(event.type), "\(who) received \(event.type) on \(event.topic), though nothing happened on depot")
            }
            for other in others {
                for topic in topics {
                    let history = await refusalCode { _ = try await other.client.history(topic: topic) }
                    #expect(history == "forbidden", "\(other.label): history of \(topic) answered \(history ?? "events")")
                    if let mirrored = try? await other.client.history(topic: Self.onDepot(topic)) {
                        #expect(mirrored.isEmpty, "\(other.label): history of \(Self.onDepot(topic)) holds \(mirrored.map(\.type))")
                    }
                }
                for (topic, type) in queries + topics.map({ ($0, "state") }) {
                    let code = await refusalCode { _ = try await other.client.query(topic: topic, type: type) }
                    #expect(code == "forbidden", "\(other.label): query \(type) on \(topic) answered \(code ?? "a result")")
                }
            }
            try await Self.checkHTTP(hub, others.map { ($0.label, $0.secret) })
            for listener in listeners { listener.cancel() }
            for client in hq.all + others.map(\.client) { await client.close() }
        }
    }

    /// Every HTTP route of a site (its path names `:site`), asked about hq by depot's tokens, is
    /// refused 403 and says nothing of hq; the hub's own listings show them none of it either.
    private static func checkHTTP(_ hub: TestHub, _ others: [(label: String, secret: String)]) async throws {
        let routes = try hub.engine.domains.flatMap(\.routes).filter { $0.path.split(separator: "/").contains(":site") }
        #expect(!routes.isEmpty)
        for route in routes {
            let path =
                "/" + route.path.split(separator: "/").map { $0 == ":site" ? "hq" : $0.hasPrefix(":") ? "x" : String($0) }.joined(separator: "/")
            let method =
                switch route.method {
                case .get: "GET"
                case .post: "POST"
                case .put: "PUT"
                case .delete: "DELETE"
                }
            for other in others {
                let answer = try await hub.api(method, path, bearer: other.secret, body: route.method == .get ? nil : JSONValue.object([:]))
                #expect(answer.status == 403, "\(other.label): \(method) \(path) answered \(answer.status) \(answer.body)")
                #expect(!answer.body.contains(SiteActivity.secret))
            }
        }
        for other in others {
            #expect(!(try await hub.api("GET", "/api/sites", bearer: other.secret).body.contains("Headquarters")), "\(other.label) lists hq")
            #expect(try await hub.api("GET", "/api/tokens", bearer: other.secret).status == 403, "\(other.label) lists every site's tokens")
        }
    }

    /// `topic`, each of its segments after the kind as `+`, all of them as `+`, and the same topic
    /// on depot (where a mirror that crossed sites would land).
    private static func variants(of topic: String) -> [String] {
        let segments = topic.split(separator: "/").map(String.init)
        var variants = [topic, onDepot(topic)]
        for index in 1..<segments.count {
            var pattern = segments
            pattern[index] = "+"
            variants.append(pattern.joined(separator: "/"))
        }
        variants.append(([segments[0]] + Array(repeating: "+", count: segments.count - 1)).joined(separator: "/"))
        return variants.reduce(into: []) { unique, variant in if !unique.contains(variant) { unique.append(variant) } }
    }

    private static func onDepot(_ topic: String) -> String {
        topic.split(separator: "/").map { $0 == "hq" ? "depot" : String($0) }.joined(separator: "/")
    }

    /// The first event of `stream` that is not its state, or nil after `timeout`.
    private static func firstChange(of stream: AsyncThrowingStream<Event, any Error>, timeout: Duration = .seconds(10)) async -> Event? {
        await withTaskGroup(of: Event?.self) { group in
            group.addTask {
                do {
                    for try await event in stream where event.type != "state" { return event }
                } catch {}
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}

/// Every event depot's tokens received, with who received it.
private final class Sightings: Sendable {
    private let seen = Mutex<[(String, Event)]>([])

    func add(_ who: String, _ event: Event) {
        seen.withLock { $0.append((who, event)) }
    }

    var all: [(String, Event)] { seen.withLock { $0 } }
}
