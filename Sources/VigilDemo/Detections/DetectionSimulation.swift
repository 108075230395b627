import Foundation
import VigilClient
import VigilCore

/// `vigil simulate detections`: an analytics backend for a site's cameras, against a running hub.
/// People walk across the cameras of the site's topology and every camera with someone in view
/// publishes a batch of detections each tick, with each person's thumbnail (uploaded once) and an
/// appearance vector close to that person's own, so that ROI, timeline and image queries have
/// realistic data to find.
public struct DetectionSimulation: Sendable {
    public struct Settings: Sendable {
        public var site: String
        public var people: Int
        public var tick: Duration
        public var duration: Duration?
        public var seed: UInt64
        /// The length of the appearance vectors.
        public var dimensions: Int

        public init(site: String, people: Int, tick: Duration, duration: Duration?, seed: UInt64, dimensions: Int = 128) {
            self.site = site
            self.people = people
            self.tick = tick
            self.duration = duration
            self.seed = seed
            self.dimensions = dimensions
        }
    }

    let hub: ClientConfiguration
    let settings: Settings
    let say: @Sendable (String) -> Void

    public init(hub: ClientConfiguration, settings: Settings, say: @escaping @Sendable (String) -> Void) {
        self.hub = hub
        self.settings = settings
        self.say = say
    }

    public func run() async throws {
        let http = try HubHTTP(configuration: hub)
        let wall = try await http.send("GET", "/api/sites/\(settings.site)/cameras").json()
        let cameras = JSONValue.object(["cameras": wall["cameras"] ?? .array([])])
        let topology = try JSONDecoder().decode(CameraTopology.self, from: Data(cameras.canonicalText.utf8))
        guard !topology.cameras.isEmpty else {
            throw ClientError.unexpectedAnswer("site \(settings.site) has no cameras; import a topology first (vigil import cameras)")
        }
        var random = SeededRandom(seed: settings.seed)
        var walkers: [SimulatedWalker] = []
        for track in 0..<settings.people {
            let shirt = random.pick(SnapshotScene.shirts)
            let scene = SnapshotScene(across: 0.5, depth: 0.9, shirt: shirt, bar: SnapshotScene.motionBar)
            let png = SnapshotPainter.png(scene, size: try FrameSize(width: 64, height: 96))
            guard let thumbnail = try await http.send("POST", "/api/thumbnails", body: .bytes(png)).json()["hash"]?.stringValue else {
                throw ClientError.unexpectedAnswer("the upload returned no hash")
            }
            walkers.append(
                SimulatedWalker(
                    track: track, appearance: Self.look(settings.dimensions, &random), thumbnail: thumbnail, camera: random.pick(topology.cameras),
                    across: random.uniform(0...1), depth: random.uniform(0.35...1), speed: random.pick([-1.0, 1.0]) * random.uniform(0.05...0.3),
                    drift: random.uniform(-0.1...0.1)))
        }
        let client = VigilClient(configuration: hub)
        defer { Task { await client.close() } }
        let seconds = Double(settings.tick.components.seconds) + Double(settings.tick.components.attoseconds) / 1e18
        say("\(walkers.count) people walking across \(topology.cameras.count) cameras of \(settings.site), a line a second")
        let started = ContinuousClock.now
        var published = 0
        var (lastReport, publishedThen, batches) = (started, 0, 0)
        while settings.duration.map({ ContinuousClock.now - started < $0 }) ?? true {
            let now = Date().timeIntervalSince1970
            for index in walkers.indices { walkers[index].walk(seconds, in: topology) }
            for (camera, present) in Dictionary(grouping: walkers, by: \.camera.id) {
                let frame = present[0].camera.frameSize
                let batch = try DetectionBatch(camera: camera, frameSize: frame, detections: present.map { $0.detection(at: now, using: &random) })
                published += try await client.publish(batch, site: settings.site)
                batches += 1
            }
            if ContinuousClock.now - lastReport >= Self.reportEvery {
                say("\(published - publishedThen) detections in \(batches) batches, \(published) in all")
                (lastReport, publishedThen, batches) = (.now, published, 0)
            }
            try await Task.sleep(for: settings.tick)
        }
        say("\(published) detections published by \(walkers.count) people walking across \(topology.cameras.count) cameras")
    }

    /// How often a line tells what was published, so that whoever started it sees it work.
    private static let reportEvery = Duration.seconds(1)

    /// A person's look: a random direction, of unit length.
    private static func look(_ dimensions: Int, _ random: inout SeededRandom) -> [Float] {
        let raw = (0..<dimensions).map { _ in random.uniform(-1...1) }
        let norm = sqrt(raw.reduce(0) { $0 + $1 * $1 })
        return raw.map { Float($0 / norm) }
    }
}
