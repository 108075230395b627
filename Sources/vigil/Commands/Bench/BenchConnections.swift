import ArgumentParser
import VigilBench

struct BenchConnections: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "connections", abstract: "Open and hold many subscribers; the server's memory per idle connection.")
    @OptionGroup var server: BenchServerOptions
    @Option(help: "Connections to open.") var connections = 10_000
    @Option(help: "Topics they listen to.") var topics = 10
    @Option(help: "Seconds to hold them before measuring.") var hold: Double = 5
    @OptionGroup var output: BenchOutputOptions

    func run() async throws {
        let target = try server.target(subscribers: connections, publishers: topics, topics: topics)
        let result = try await ConnectionsBench.run(target, connections: connections, topics: topics, hold: hold, threads: output.threads, say: say)
        say("\(result.target): \(result.connections - result.failed) of \(result.connections) connections held")
        if let perConnection = result.bytesPerConnection {
            say("server memory per connection: \(String(format: "%.1f", perConnection / 1024)) KiB")
        }
        say("broadcast check: \(result.broadcastDelivered) of \(result.broadcastExpected) messages delivered")
        try output.write(result)
    }
}
