import ArgumentParser
import VigilBench

/// Options that shape a fan-out load.
struct FanoutLoadOptions: ParsableArguments {
    @Option(help: "Subscriber connections.") var subscribers = 1000
    @Option(help: "Topics (subscriber i listens to topic i % topics).") var topics = 10
    @Option(help: "Publisher connections (publisher p on topic p % topics).") var publishers = 10
    @Option(help: "Messages per second over all publishers; 0 for flat out.") var rate: Double = 0
    @Option(help: "Flat out: messages each publisher keeps in flight.") var window = 16
    @Option(name: .customLong("payload"), help: "Payload bytes.") var payloadBytes = 256
    @Option(help: "Seconds of publishing.") var seconds: Double = 10
    @Option(help: "What vigil publishes: notice, chat, or detections (the live overlay: every server gets the same detections batches).")
    var channel: VigilChannel = .notice

    func plan(threads: Int) -> FanoutPlan {
        var plan = FanoutPlan()
        plan.subscribers = subscribers
        plan.topics = topics
        plan.publishers = publishers
        plan.rate = rate
        plan.window = window
        plan.payloadBytes = payloadBytes
        plan.body = channel.body
        plan.seconds = seconds
        plan.threads = threads
        return plan
    }
}

struct BenchFanout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fanout",
        abstract: "Subscribers over topics, publishers at a rate or flat out: delivered/s, latency, loss, server CPU and memory.")
    @OptionGroup var server: BenchServerOptions
    @OptionGroup var load: FanoutLoadOptions
    @OptionGroup var output: BenchOutputOptions

    func run() async throws {
        let target = try server.target(subscribers: load.subscribers, publishers: load.publishers, topics: load.topics, channel: load.channel)
        if target.kind == .vigil {
            try await BenchCameras.prepare(load.channel, sites: load.topics, endpoint: server.endpoint, store: server.store)
        }
        let result = try await FanoutBench.run(target, plan: load.plan(threads: output.threads), say: say)
        say(ComparisonTable.fanout([result], title: load.rate == 0 ? "flat out" : "\(Int(load.rate)) msg/s").render())
        if let accept = result.acceptLatency {
            say("publish to ok: p50 \(accept.p50) ms, p99 \(accept.p99) ms, max \(accept.max) ms")
        }
        try output.write(result)
        if result.lost + result.duplicated + result.outOfOrder > 0 { throw ExitCode(3) }
    }
}
