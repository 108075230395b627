import ArgumentParser
import Foundation
import VigilBench

/// Runs one fan-out load against vigil, nchan and Mosquitto back to back, flat out, then again at
/// half the best peer's rate for latency (and at `--rate` when given); prints each figure with its
/// ratio to the best peer.
struct BenchCompare: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare", abstract: "The same fan-out load against vigil, nchan and Mosquitto (started by Benchmarks/compare.sh).")
    @Option(name: .customLong("vigil-port")) var vigilPort = 8443
    @Option(name: .customLong("vigil-pid")) var vigilPID: Int32?
    @Option(name: .customLong("nchan-port")) var nchanPort = 8444
    @Option(name: .customLong("nchan-pid")) var nchanPID: Int32?
    @Option(name: .customLong("mosquitto-port")) var mosquittoPort = 8445
    @Option(name: .customLong("mosquitto-pid")) var mosquittoPID: Int32?
    @Option(help: "Host name (TLS checks the certificate against it).") var host = "localhost"
    @Option(help: "CA certificate the three servers' certificate is signed by.") var ca = "certs/vigil-dev-ca.pem"
    @Flag(help: "Plain WebSocket instead of TLS.") var plain = false
    /// The hub's store (its data directory or its PostgreSQL database): sites and tokens are made there.
    @OptionGroup var store: StoreOptions
    @OptionGroup var load: FanoutLoadOptions
    @OptionGroup var output: BenchOutputOptions

    struct Results: Encodable {
        var date: String
        var flatOut: [FanoutResult]
        var halfRate: Double
        var atHalfRate: [FanoutResult]
        var fixedRate: Double
        var atFixedRate: [FanoutResult]
    }

    func run() async throws {
        let servers: [(BenchTarget, Int, Int32?)] = [
            (.vigil, vigilPort, vigilPID), (.nchan, nchanPort, nchanPID), (.mosquitto, mosquittoPort, mosquittoPID),
        ]
        func endpoint(_ port: Int) -> Endpoint { Endpoint(host: host, port: port, caFile: plain ? nil : ca) }
        func targets() throws -> [Target] {
            try servers.map { kind, port, pid in
                try BenchSetup.target(
                    kind: kind, endpoint: endpoint(port), pid: pid,
                    store: store, subscribers: load.subscribers, publishers: load.publishers, topics: load.topics,
                    channel: load.channel)
            }
        }
        var flatPlan = load.plan(threads: output.threads)
        flatPlan.rate = 0
        var flatOut: [FanoutResult] = []
        let firstTargets = try targets()  // makes the sites the cameras go into
        try await BenchCameras.prepare(load.channel, sites: load.topics, endpoint: endpoint(vigilPort), store: store)
        for target in firstTargets {
            flatOut.append(try await FanoutBench.run(target, plan: flatPlan, say: say))
        }
        // Half the best peer's flat-out publish rate, for latency under a load all of them carry.
        let bestPeer = flatOut.filter { $0.target != .vigil }.map(\.publishedPerSecond).max() ?? 0
        var halfPlan = flatPlan
        halfPlan.rate = (bestPeer / 2).rounded()
        var atHalfRate: [FanoutResult] = []
        if halfPlan.rate > 0 {
            for target in try targets() {
                atHalfRate.append(try await FanoutBench.run(target, plan: halfPlan, say: say))
            }
        }
        var fixedPlan = flatPlan
        fixedPlan.rate = load.rate
        var atFixedRate: [FanoutResult] = []
        if load.rate > 0 {
            for target in try targets() {
                atFixedRate.append(try await FanoutBench.run(target, plan: fixedPlan, say: say))
            }
        }
        say("")
        say(
            "\(load.subscribers) subscribers, \(load.topics) topics, \(load.publishers) publishers, \(load.payloadBytes) B payload, \(load.seconds) s each, \(plain ? "ws" : "wss"), vigil channel \(load.channel)"
        )
        say("\(load.channel.storage); nchan (memory store) and Mosquitto (QoS 0) keep nothing.")
        say(ComparisonTable.fanout(flatOut, title: "flat out (window \(load.window))").render())
        if !atHalfRate.isEmpty {
            say("")
            say(ComparisonTable.fanout(atHalfRate, title: "\(Int(halfPlan.rate)) msg/s published").render())
        }
        if !atFixedRate.isEmpty {
            say("")
            say(ComparisonTable.fanout(atFixedRate, title: "\(Int(load.rate)) msg/s published").render())
        }
        try output.write(
            Results(
                date: ISO8601DateFormatter().string(from: Date()), flatOut: flatOut, halfRate: halfPlan.rate, atHalfRate: atHalfRate,
                fixedRate: load.rate, atFixedRate: atFixedRate))
    }
}
