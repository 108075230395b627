import ArgumentParser
import VigilBench

/// `vigil bench deflate`: the same fan-out twice against one running hub, once with plain
/// WebSockets and once offering permessage-deflate; one table with each figure's ratio to the
/// other column. Memory per idle connection is `vigil bench connections` with and without
/// `--deflate`, each against a fresh hub (a hub that served a load first reuses what it freed).
struct BenchDeflate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deflate",
        abstract: "The same fan-out without and with permessage-deflate: bytes on the wire per delivery, server CPU and memory, latency.")
    @OptionGroup var server: BenchServerOptions
    @OptionGroup var load: FanoutLoadOptions
    @OptionGroup var output: BenchOutputOptions

    func run() async throws {
        guard server.target == .vigil, !server.deflate else { throw ValidationError("bench deflate drives vigil, and sets --deflate itself") }
        var target = try server.target(subscribers: load.subscribers, publishers: load.publishers, topics: load.topics, channel: load.channel)
        try await BenchCameras.prepare(load.channel, sites: load.topics, endpoint: server.endpoint, store: server.store)
        var results: [FanoutResult] = []
        for deflate in [false, true] {
            target.endpoint.offersDeflate = deflate
            results.append(try await FanoutBench.run(target, plan: load.plan(threads: output.threads), say: say))
        }
        var table = ComparisonTable.fanout(results, title: load.rate == 0 ? "flat out" : "\(Int(load.rate)) msg/s")
        table.columns = ["plain", "permessage-deflate"]
        table.rows.insert(.init("wire bytes read per delivery", results.map(\.wireBytesPerDelivery), higherIsBetter: false), at: 2)
        say(table.render())
        try output.write(results)
        if results.contains(where: { $0.lost + $0.duplicated + $0.outOfOrder > 0 }) { throw ExitCode(3) }
    }
}
