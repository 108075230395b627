import ArgumentParser
import Foundation
import VigilBench

struct BenchStore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store", abstract: "Durable publishes per second through group commit, and the latency of their ok.")
    @OptionGroup var server: BenchServerOptions
    @Option(help: "Publisher connections.") var publishers = 8
    @Option(help: "Publishes each keeps waiting for their ok.") var window = 32
    @Option(name: .customLong("payload"), help: "Payload bytes.") var payloadBytes = 256
    @Option(help: "Seconds of publishing.") var seconds: Double = 10
    @OptionGroup var output: BenchOutputOptions

    func run() async throws {
        let target = try server.target(subscribers: 0, publishers: publishers, topics: publishers)
        let result = try await StoreBench.run(
            target, publishers: publishers, window: window, payloadBytes: payloadBytes, seconds: seconds, threads: output.threads, say: say)
        say(
            String(
                format: "durable publishes: %.0f/s; ok latency p50 %.2f ms, p99 %.2f ms, p99.9 %.2f ms, max %.2f ms; refused %d",
                result.acceptedPerSecond, result.acceptLatency.p50, result.acceptLatency.p99, result.acceptLatency.p999, result.acceptLatency.max,
                result.refused))
        if let cpu = result.serverCPUPercent { say(String(format: "server CPU %.0f%%", cpu)) }
        try output.write(result)
    }
}
