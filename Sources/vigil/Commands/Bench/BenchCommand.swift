import ArgumentParser

/// `vigil bench`: drives a running server with real WebSocket connections.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract:
            "Benchmark a running hub (or nchan, or Mosquitto): fan-out, connections, store, chat; and flood and analytics on hubs of their own.",
        subcommands: [
            BenchFanout.self, BenchConnections.self, BenchStore.self, BenchChat.self, BenchFlood.self, BenchAnalytics.self, BenchIsolation.self,
            BenchCompare.self, BenchDeflate.self, BenchPush.self, BenchNodes.self,
        ])
}
