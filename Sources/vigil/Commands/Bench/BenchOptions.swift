import ArgumentParser
import Foundation
import VigilBench
import VigilCore
import VigilDomains
import VigilHub
import VigilStore

extension BenchTarget: ExpressibleByArgument {}
extension VigilChannel: ExpressibleByArgument {}

/// Which server a benchmark drives and how to reach it.
struct BenchServerOptions: ParsableArguments {
    @Option(help: "vigil, nchan or mosquitto.") var target: BenchTarget = .vigil
    @Option(help: "Host name (TLS checks the certificate against it).") var host = "localhost"
    @Option(help: "Port (default 8443 for vigil, 8444 for nchan, 8445 for mosquitto: the ports Benchmarks/ uses).") var port: Int?
    @Option(help: "CA certificate to trust (default certs/vigil-dev-ca.pem).") var ca = "certs/vigil-dev-ca.pem"
    @Flag(help: "Plain WebSocket instead of TLS.") var plain = false
    @Option(name: .customLong("server-pid"), help: "The server's process id, for its CPU and memory.") var serverPID: Int32?
    @Flag(help: "Offer permessage-deflate (RFC 7692) in every upgrade; compressed frames are inflated as they come.") var deflate = false
    /// vigil: the hub's store (its data directory or its PostgreSQL database), where the benchmark makes its sites and tokens.
    @OptionGroup var store: StoreOptions

    var endpoint: Endpoint {
        var endpoint = Endpoint(host: host, port: port ?? BenchSetup.defaultPort(target), caFile: plain ? nil : ca)
        endpoint.offersDeflate = deflate
        return endpoint
    }

    func target(subscribers: Int, publishers: Int, topics: Int, channel: VigilChannel = .notice) throws -> Target {
        try BenchSetup.target(
            kind: target, endpoint: endpoint, pid: serverPID, store: store, subscribers: subscribers,
            publishers: publishers, topics: topics, channel: channel)
    }
}

/// Where results go besides the screen.
struct BenchOutputOptions: ParsableArguments {
    @Option(help: "Write the results as JSON to this file.") var json: String?
    @Option(help: "Event-loop threads of the load generator.") var threads = 2

    func write<T: Encodable>(_ value: T) throws {
        guard let json else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(value).write(to: URL(fileURLWithPath: json))
        say("results written to \(json)")
    }
}

/// Makes what a vigil benchmark needs in the hub's database: one site per topic (`bench-N`) and
/// tokens for the subscribers (guard) and publishers (operator; device for detections, as an
/// analytics backend), enough for the per-token limit.
enum BenchSetup {
    static let connectionsPerToken = 60

    static func defaultPort(_ target: BenchTarget) -> Int {
        switch target {
        case .vigil: 8443
        case .nchan: 8444
        case .mosquitto: 8445
        }
    }

    static func site(_ topic: Int) -> String { "bench-\(topic)" }

    /// The 1-minute load average, from /proc/loadavg (0 where there is none).
    static func loadAverage() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return 0 }
        return Double(text.split(separator: " ").first ?? "") ?? 0
    }

    static func target(
        kind: BenchTarget, endpoint: Endpoint, pid: Int32?, store: StoreOptions, subscribers: Int, publishers: Int, topics: Int,
        channel: VigilChannel = .notice
    ) throws -> Target {
        var target = Target(kind: kind, endpoint: endpoint, serverPID: pid)
        guard kind == .vigil else { return target }
        let database = try store.open()
        let sites = SiteRepository(database: database)
        for topic in 0..<max(topics, publishers) where try sites.find(site(topic)) == nil {
            _ = try sites.create(id: site(topic), name: "benchmark \(topic)", at: SystemClock().milliseconds())
        }
        func tokens(_ count: Int, role: Role) throws -> [String] {
            try (0..<(count + connectionsPerToken - 1) / connectionsPerToken).map { _ in try token(role: role, in: database) }
        }
        target.vigilChannel = channel
        target.vigilSubscriberTokens = try tokens(subscribers, role: .guard)
        target.vigilPublisherTokens = try tokens(publishers, role: channel == .detections ? .device : .operator)
        target.vigilConnectionsPerToken = connectionsPerToken
        return target
    }

    /// A token of `role` covering every site.
    static func token(role: Role, in database: any StoreDatabase) throws -> String {
        try TokenIssuer(tokens: TokenRepository(database: database))
            .issue(role: role, sites: [], allSites: true, name: "bench-\(role.rawValue)", now: SystemClock().milliseconds()).secret
    }
}
