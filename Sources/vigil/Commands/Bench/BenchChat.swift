import ArgumentParser
import Foundation
import VigilBench
import VigilClient
import VigilCore
import VigilDomains
import VigilHub
import VigilStore

/// `vigil bench chat`: one control room with many members and a steady flow of messages
/// (delivery latency), then one-word searches over a million stored messages.
struct BenchChat: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat", abstract: "Chat: delivery to a room's members at a steady rate, and full-text search over a million messages.")
    @OptionGroup var server: BenchServerOptions
    @Option(help: "Members of the room (subscriber connections).") var members = 500
    @Option(help: "Messages per second said in the room.") var rate: Double = 50
    @Option(help: "Seconds of talking.") var seconds: Double = 20
    @Option(name: .customLong("payload"), help: "Bytes of text per message.") var payloadBytes = 200
    @Option(help: "Messages to search over (stored once in site bench-search, kept for the next run).") var messages = 1_000_000
    @Option(help: "Searches per word measured.") var queries = 500
    @Flag(help: "Only the searches.") var searchOnly = false
    @OptionGroup var output: BenchOutputOptions

    struct Result: Encodable {
        var delivery: FanoutResult?
        var searchedMessages: Int
        /// One-word queries by the rank of their word in the corpus (1 is the most common), and a prefix.
        var searchLatency: [String: Percentiles]
    }

    func run() async throws {
        var delivery: FanoutResult?
        if !searchOnly {
            var target = try server.target(subscribers: members, publishers: 1, topics: 1)
            target.vigilChannel = .chat
            var plan = FanoutPlan()
            plan.subscribers = members
            plan.topics = 1
            plan.publishers = 1
            plan.rate = rate
            plan.payloadBytes = payloadBytes
            plan.seconds = seconds
            plan.threads = output.threads
            let result = try await FanoutBench.run(target, plan: plan, say: say)
            say(
                String(
                    format: "room of %d members at %.0f messages/s: delivery p50 %.2f ms, p99 %.2f ms, max %.2f ms; lost %d",
                    members, rate, result.latency.p50, result.latency.p99, result.latency.max, result.lost))
            delivery = result
        }
        let (stored, latency) = try await search()
        try output.write(Result(delivery: delivery, searchedMessages: stored, searchLatency: latency))
    }

    /// Fills the corpus if it is short, then times `queries` searches for each word rank over WebSocket.
    private func search() async throws -> (Int, [String: Percentiles]) {
        let database = try server.store.open()
        let sites = SiteRepository(database: database)
        if try sites.find(ChatSearchCorpus.site) == nil {
            _ = try sites.create(id: ChatSearchCorpus.site, name: "chat search benchmark", at: SystemClock().milliseconds())
        }
        let corpus = ChatSearchCorpus(database: database)
        if try corpus.count() < messages {
            say("storing \(messages) messages to search (once; later runs reuse them)")
            try corpus.fill(to: messages, say: say)
        }
        let stored = try corpus.count()
        let token = try TokenIssuer(tokens: TokenRepository(database: database))
            .issue(role: .guard, sites: [ChatSearchCorpus.site], allSites: false, name: "bench-search", now: SystemClock().milliseconds()).secret
        let client = VigilClient(
            configuration: ClientConfiguration(
                url: "\(server.plain ? "ws" : "wss")://\(server.host):\(server.port ?? BenchSetup.defaultPort(.vigil))/ws", token: token,
                caFile: server.plain ? nil : server.ca))
        do {
            let results = try await timeSearches(client, over: stored)
            await client.close()
            return (stored, results)
        } catch {
            await client.close()
            throw error
        }
    }

    /// One-word queries for words from very common to rare, a word in no message (a misspelt one,
    /// say), and a prefix as one types it.
    private func timeSearches(_ client: VigilClient, over stored: Int) async throws -> [String: Percentiles] {
        let words = [1, 10, 100, 1000].map { ("word of rank \($0)", ChatSearchCorpus.word(rank: $0)) }
        let absent = ("a word in no message", ChatSearchCorpus.word(rank: ChatSearchCorpus.vocabularySize + 1))
        let prefix = ("prefix of the word of rank 1", String(ChatSearchCorpus.word(rank: 1).prefix(2)) + "*")
        var results: [String: Percentiles] = [:]
        for (name, query) in words + [absent, prefix] {
            var recorder = LatencyRecorder()
            var found = 0
            for index in 0..<(queries + 20) {
                let started = ContinuousClock.now
                found = try await client.searchChat(site: ChatSearchCorpus.site, for: query, limit: 20).messages.count
                if index >= 20 { recorder.record(ContinuousClock.now - started) }  // the first ones warm the page cache
            }
            let latency = recorder.percentiles
            results[name] = latency
            say(
                String(
                    format: "search \"%@\" (%@) over %d messages, %d per page: p50 %.2f ms, p99 %.2f ms, max %.2f ms",
                    query, name, stored, found, latency.p50, latency.p99, latency.max))
        }
        return results
    }
}
